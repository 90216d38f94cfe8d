import { useRouter } from 'vue-router';
import { useAuthStore } from '@/stores/auth';

/** Ends the session and goes to the sign-in page (the user menu, the no-access screens). */
export function useSignOut(): () => Promise<void> {
  const auth = useAuthStore();
  const router = useRouter();
  return async () => {
    await auth.logout();
    await router.push({ name: 'login' });
  };
}
