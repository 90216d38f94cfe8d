import type { CsvMapping } from '../banking.graphql';

/** Whether a file is read as CSV (the mapping step) rather than OFX or CAMT. */
export const isCsv = (name: string) => /\.(csv|txt)$/i.test(name);

/** The columns of the previewed rows, named by the header row's cells when they have text. */
export function columnOptions(
  rows: readonly (readonly string[])[],
): { value: number; label: string }[] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const header = rows.find((r) => r.some((c) => /date/i.test(c))) ?? [];
  return Array.from({ length: width }, (_, i) => ({
    value: i,
    label: header[i]?.trim() ? `${i + 1}: ${header[i].trim()}` : `Column ${i + 1}`,
  }));
}

/** What is wrong with a mapping before the file is checked, or null. */
export function mappingProblem(m: CsvMapping): string | null {
  if (m.amountColumn == null && m.debitColumn == null && m.creditColumn == null) {
    return 'Choose the amount column, or the debit and credit columns.';
  }
  const used = [
    m.dateColumn,
    m.descriptionColumn,
    m.amountColumn,
    m.debitColumn,
    m.creditColumn,
  ].filter((c): c is number => c != null);
  if (new Set(used).size !== used.length) return 'A column is chosen twice.';
  return null;
}
