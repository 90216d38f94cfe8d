// What the rest of the app may use of the support chat: App.vue keeps it told who is signed in.
export { useSupportWidget } from './useSupportWidget';
