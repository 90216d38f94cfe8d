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
    m.payeeColumn,
    m.checkNumberColumn,
    m.balanceColumn,
  ].filter((c): c is number => c != null);
  if (new Set(used).size !== used.length) return 'A column is chosen twice.';
  return null;
}

export const CSV_DATE_FORMATS: { value: CsvMapping['dateFormat']; label: string }[] = [
  { value: 'US', label: 'MM/DD/YYYY' },
  { value: 'US_SHORT', label: 'M/D/YY' },
  { value: 'ISO', label: 'YYYY-MM-DD' },
  { value: 'EUROPEAN', label: 'DD/MM/YYYY' },
  { value: 'DOTTED', label: 'DD.MM.YYYY' },
  { value: 'COMPACT', label: 'YYYYMMDD' },
];

export const CSV_SIGNS: { value: CsvMapping['sign']; label: string }[] = [
  { value: 'DEPOSITS_POSITIVE', label: 'Deposits are positive' },
  { value: 'WITHDRAWALS_POSITIVE', label: 'Withdrawals are positive' },
];

/** Where a mapping starts when the API has neither a saved one nor a guess. */
export const BLANK_MAPPING: CsvMapping = {
  headerRows: 1,
  dateColumn: 0,
  descriptionColumn: 1,
  amountColumn: 2,
  debitColumn: null,
  creditColumn: null,
  sign: 'DEPOSITS_POSITIVE',
  dateFormat: 'US',
  payeeColumn: null,
  checkNumberColumn: null,
  bankIdColumn: null,
  balanceColumn: null,
};
