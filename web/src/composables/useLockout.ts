import { computed, onBeforeUnmount, ref, type ComputedRef } from 'vue';

/**
 * A form locked after RATE_LIMITED: the API says how long to wait (extensions.retryAfter); the
 * form stays locked and counts down until then. `message` reads "Too many <what>. Try again in N
 * seconds."
 */
export function useLockout(what: string): {
  locked: ComputedRef<boolean>;
  message: ComputedRef<string>;
  lockFor: (seconds: number) => void;
} {
  const lockedUntil = ref<number | null>(null);
  const now = ref(Date.now());
  let ticker: ReturnType<typeof setInterval> | null = null;

  const secondsLeft = computed(() =>
    lockedUntil.value === null ? 0 : Math.max(0, Math.ceil((lockedUntil.value - now.value) / 1000)),
  );
  const locked = computed(() => secondsLeft.value > 0);
  const message = computed(() => {
    const n = secondsLeft.value;
    return `Too many ${what}. Try again in ${n} ${n === 1 ? 'second' : 'seconds'}.`;
  });

  function stopTicker(): void {
    if (ticker !== null) clearInterval(ticker);
    ticker = null;
  }

  function lockFor(seconds: number): void {
    now.value = Date.now();
    lockedUntil.value = now.value + seconds * 1000;
    stopTicker();
    ticker = setInterval(() => {
      now.value = Date.now();
      if (!locked.value) {
        stopTicker();
        lockedUntil.value = null;
      }
    }, 1000);
  }

  onBeforeUnmount(stopTicker);
  return { locked, message, lockFor };
}
