// Calendar dates travel as ISO strings ("2026-11-24", the LocalDate scalar): one pattern and one
// set of helpers for every module.
export const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isLocalDate = (s: string) => LOCAL_DATE.test(s);

// Today in UTC as a LocalDate.
export const today = () => new Date().toISOString().slice(0, 10);

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
