import type { TenantHealthGrade } from './tenant-health.graphql';

// The grade's tag: a colour and always its word (never colour alone).
export const GRADE_SEVERITY: Record<TenantHealthGrade, 'success' | 'warn' | 'danger'> = {
  HEALTHY: 'success',
  WATCH: 'warn',
  AT_RISK: 'danger',
};

// The sparkline's stroke per grade, from the app's palette.
export const GRADE_COLOR: Record<TenantHealthGrade, string> = {
  HEALTHY: 'var(--p-green-600, #16a34a)',
  WATCH: 'var(--p-amber-600, #d97706)',
  AT_RISK: 'var(--p-red-600, #dc2626)',
};

// An input's points in the score: weight × sub-score ÷ 100, as the formula adds them.
export function contribution(weight: number, subScore: number): string {
  const points = (weight * subScore) / 100;
  return Number.isInteger(points) ? String(points) : points.toFixed(2);
}

// The points of a sparkline in a width × height box (scores 0 to 100, oldest first, evenly
// spaced); a single week is a dot in the middle.
export function sparklinePoints(
  scores: number[],
  width: number,
  height: number,
  pad = 2,
): { x: number; y: number }[] {
  const inner = height - pad * 2;
  const y = (s: number) => pad + inner - (Math.min(Math.max(s, 0), 100) / 100) * inner;
  if (scores.length === 1) return [{ x: width / 2, y: y(scores[0] ?? 0) }];
  const step = (width - pad * 2) / Math.max(scores.length - 1, 1);
  return scores.map((s, i) => ({ x: pad + i * step, y: y(s) }));
}
