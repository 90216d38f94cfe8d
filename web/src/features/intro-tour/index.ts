// What the rest of the app may use of the intro tour: the shell starts it at the first sign-in
// and replays it from the user menu (shell-extensions.ts).
export { onIntroTourFinished, useIntroTour, type IntroTourResult } from './useIntroTour';
export { useIntroTourAutoStart } from './useIntroTourAutoStart';
