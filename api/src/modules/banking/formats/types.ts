export type StatementFormat = 'ofx' | 'csv' | 'camt053';

export interface StatementLine {
  // 1-based: the transaction's ordinal (OFX, CAMT) or the CSV line number.
  row: number;
  date: string;
  // Integer cents; positive is money into the account.
  amount: number;
  description: string;
  payee: string | null;
  checkNumber: string | null;
  // The bank's own transaction id.
  bankId: string | null;
}

export interface ParsedStatement {
  format: StatementFormat;
  accountNumber: string | null;
  currency: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  openingBalance: number | null;
  closingBalance: number | null;
  availableBalance: number | null;
  lines: StatementLine[];
}

// A bank's CSV layout: 0-based columns.
export interface CsvMapping {
  headerRows: number;
  dateColumn: number;
  descriptionColumn: number;
  amountColumn?: number | null;
  debitColumn?: number | null;
  creditColumn?: number | null;
  sign: 'deposits_positive' | 'withdrawals_positive';
  dateFormat: 'YYYY-MM-DD' | 'MM/DD/YYYY' | 'DD/MM/YYYY' | 'M/D/YY' | 'DD.MM.YYYY' | 'YYYYMMDD';
  payeeColumn?: number | null;
  checkNumberColumn?: number | null;
  bankIdColumn?: number | null;
  balanceColumn?: number | null;
}
