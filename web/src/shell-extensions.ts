import { useRouter } from 'vue-router';
import { BillingBanner } from '@/features/billing';
import { onIntroTourFinished, useIntroTour, useIntroTourAutoStart } from '@/features/intro-tour';
import type { ShellExtensions } from '@/layouts/shell';
import { useOrganizationStore } from '@/stores/organization';

// What the features add to the signed-in shell (layouts/shell.ts), wired here so that the layouts
// import no feature. main.ts provides it to the app.
export const shellExtensions: ShellExtensions = {
  useInLayout() {
    // The first sign-in's tour of the sidebar (features/intro-tour), then — for the members who can
    // write, until the association's setup is complete — the setup wizard (features/setup-wizard).
    useIntroTourAutoStart();
    const router = useRouter();
    const organization = useOrganizationStore();
    onIntroTourFinished(({ firstTime }) => {
      if (!firstTime) return;
      // Loaded on demand: the shell stays within its size budget (bundle-budget.test.ts).
      void import('@/features/setup-wizard').then(({ needsSetupWizard }) => {
        if (needsSetupWizard(organization.role, organization.current?.settings)) {
          void router.push({ name: 'setup' });
        }
      });
    });
  },
  // The subscription banner (a lapsed payment), itself loaded apart from the shell.
  banner: BillingBanner,
  useTour: useIntroTour,
};
