import type { FleetStatus } from './admin-clusters.graphql';

// Labels and shares of the Clusters page, kept out of the page so they are tested on their own.

const count = (n: number) => n.toLocaleString('en-US');

/** "500 of 1,000"; an unlimited cluster: "12, no limit". */
export function roomLabel(associations: number, maxTenants: number | null): string {
  return maxTenants === null
    ? `${count(associations)}, no limit`
    : `${count(associations)} of ${count(maxTenants)}`;
}

/** A part of a whole, 0 to 100, for a bar; null when there is no whole (no limit). */
export function share(part: number, whole: number | null): number | null {
  if (whole === null || whole <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)));
}

/** A bar's tone: calm until three quarters full, a warning after, danger when full. */
export function barTone(percent: number): 'ok' | 'warn' | 'full' {
  if (percent >= 100) return 'full';
  return percent >= 75 ? 'warn' : 'ok';
}

export const FLEET_STATUS_LABELS: Record<FleetStatus, string> = {
  RUNNING: 'Running',
  DONE: 'Done',
  STOPPED: 'Stopped',
  FAILED: 'Failed',
};

export const FLEET_STATUS_SEVERITY: Record<FleetStatus, 'info' | 'success' | 'warn' | 'danger'> = {
  RUNNING: 'info',
  DONE: 'success',
  STOPPED: 'warn',
  FAILED: 'danger',
};

/** "38 of 40 migrated, 2 failed". */
export function runProgress(run: { total: number; done: number; failed: number }): string {
  const done = `${count(run.done)} of ${count(run.total)} migrated`;
  return run.failed ? `${done}, ${count(run.failed)} failed` : done;
}
