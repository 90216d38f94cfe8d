import type { Config, Driver, DriveStep, PopoverDOM } from 'driver.js';
import { getCurrentScope, onScopeDispose, readonly, ref } from 'vue';
import type { Ref } from 'vue';
import { apolloClient } from '@/apollo/client';
import { ME_QUERY } from '@/apollo/session.graphql';
import { useAuthStore } from '@/stores/auth';
import { MARK_INTRO_SEEN_MUTATION } from './intro-tour.graphql';
import { anchorSelector, TOUR_STEPS } from './tour-steps';

// The intro tour (driver.js): one tour at a time for the whole app, started automatically at the
// first sign-in (useIntroTourAutoStart) or from the user menu. Finishing or skipping it records
// the intro as seen, once; a replay by someone who has seen it records nothing.

/** Where the sidebar becomes the phone's drawer (AppLayout): the steps are then centred. */
export const TOUR_PHONE_QUERY = '(max-width: 767.98px)';

export type IntroTourOutcome = 'finished' | 'skipped';

export interface IntroTourResult {
  /** 'finished': Done on the last step; 'skipped': Skip tour, Esc or a click beside it. */
  outcome: IntroTourOutcome;
  /** True when this run recorded the intro as seen (the first one), false for a replay. */
  firstTime: boolean;
}

type Listener = (result: IntroTourResult) => void;

const running = ref(false);
const listeners = new Set<Listener>();
let current: Driver | null = null;
/** Bumped by every start and stop: a start still loading driver.js knows it was overtaken. */
let generation = 0;

/**
 * Runs `callback` each time a tour ends by the user's hand (finished or skipped; not when signing
 * out cuts it short), after the intro has been recorded as seen. Called in a component's setup,
 * it is unregistered with the component; the returned function unregisters it too.
 */
export function onIntroTourFinished(callback: Listener): () => void {
  listeners.add(callback);
  const remove = () => void listeners.delete(callback);
  if (getCurrentScope()) onScopeDispose(remove);
  return remove;
}

function matches(query: string): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.(query).matches;
}

/** The eight steps as driver.js takes them; on a phone none points at the (closed) drawer. */
export function driveSteps(phone: boolean): DriveStep[] {
  const last = TOUR_STEPS.length - 1;
  return TOUR_STEPS.map((step, index) => ({
    element: !phone && step.anchor ? anchorSelector(step.anchor) : undefined,
    popover: {
      title: step.title,
      description: (phone && step.phoneDescription) || step.description,
      side: 'right',
      align: 'start',
      // No greyed-out Back on the first step; nothing left to skip on the last.
      showButtons:
        index === 0
          ? ['next', 'close']
          : index === last
            ? ['previous', 'next']
            : ['previous', 'next', 'close'],
    },
  }));
}

// driver.js builds the same popover for every step: the progress goes above the title, the close
// button becomes "Skip tour" at the footer's start, and the keyboard starts on Next.
function dressPopover(popover: PopoverDOM): void {
  const { wrapper, title, progress, footer, footerButtons, closeButton, nextButton } = popover;
  wrapper.insertBefore(progress, title);
  closeButton.textContent = 'Skip tour';
  closeButton.removeAttribute('aria-label');
  closeButton.classList.add('cv-tour__skip');
  footer.insertBefore(closeButton, footerButtons);
  // driver.js focuses the first button (now Skip tour) right after this hook.
  queueMicrotask(() => nextButton.focus());
}

// A super admin looking through someone's eyes leaves that person's intro as it is.
function impersonating(): boolean {
  try {
    return !!apolloClient().readQuery({ query: ME_QUERY })?.me.impersonatedBy;
  } catch {
    return false;
  }
}

type AuthStore = ReturnType<typeof useAuthStore>;

// Recorded at once in the session (so it does not start again), then on the API. Should the API
// not hear of it, the worst case is the tour again at the next sign-in.
function markSeen(auth: AuthStore): boolean {
  const user = auth.user;
  if (!user || user.hasSeenIntro || impersonating()) return false;
  auth.user = { ...user, hasSeenIntro: true };
  apolloClient()
    .mutate({ mutation: MARK_INTRO_SEEN_MUTATION })
    .catch(() => undefined);
  return true;
}

function ended(auth: AuthStore, outcome: IntroTourOutcome): void {
  current = null;
  running.value = false;
  const result: IntroTourResult = { outcome, firstTime: markSeen(auth) };
  for (const listener of [...listeners]) {
    try {
      listener(result);
    } catch (error) {
      console.error('An intro tour listener failed', error);
    }
  }
}

async function start(auth: AuthStore, options: { phone?: boolean } = {}): Promise<void> {
  if (running.value) return;
  running.value = true;
  const run = ++generation;
  let load: typeof import('./driver-loader');
  try {
    load = await import('./driver-loader');
  } catch (error) {
    if (run === generation) running.value = false;
    console.error('The intro tour could not be loaded', error);
    return;
  }
  if (run !== generation) return; // stopped (signed out) while loading
  const config: Config = {
    steps: driveSteps(options.phone ?? matches(TOUR_PHONE_QUERY)),
    animate: !matches('(prefers-reduced-motion: reduce)'),
    smoothScroll: false,
    allowClose: true,
    overlayColor: '#0f172a',
    overlayOpacity: 0.45,
    stagePadding: 4,
    stageRadius: 8,
    popoverOffset: 8,
    popoverClass: 'cv-tour',
    // The tour shows where things are; a click on the lit item would leave in the middle of it.
    disableActiveInteraction: true,
    showProgress: true,
    progressText: '{{current}} of {{total}}',
    nextBtnText: 'Next',
    prevBtnText: 'Back',
    doneBtnText: 'Done',
    onPopoverRender: dressPopover,
    // Every way out comes here: Done, Skip tour, Esc, a click on the dimmed page.
    onDestroyStarted: (_element, _step, { driver }) => {
      const outcome = driver.hasNextStep() ? 'skipped' : 'finished';
      driver.destroy();
      ended(auth, outcome);
    },
  };
  current = load.driver(config);
  current.drive();
}

/** Ends a running tour without recording anything (signing out, leaving the signed-in layout). */
export function stopIntroTour(): void {
  generation += 1;
  running.value = false;
  const tour = current;
  current = null;
  tour?.destroy();
}

/** For tests: no tour, no listeners. */
export function resetIntroTour(): void {
  stopIntroTour();
  listeners.clear();
}

export interface IntroTour {
  /** Starts the tour (a no-op while one runs); `phone` defaults to the screen's width. */
  start: (options?: { phone?: boolean }) => Promise<void>;
  /** Ends it without recording anything. */
  stop: () => void;
  running: Readonly<Ref<boolean>>;
}

export function useIntroTour(): IntroTour {
  const auth = useAuthStore();
  return {
    start: (options) => start(auth, options),
    stop: stopIntroTour,
    running: readonly(running),
  };
}
