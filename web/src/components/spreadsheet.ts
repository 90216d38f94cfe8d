import { MAX_AMOUNT_DIGITS } from '@covenant/shared/money';
import type { Cents } from '@/money';

// The arithmetic of the spreadsheet grid (budgets, monthly actuals), kept apart from the component
// so it can be tested on its own: what a typed or pasted cell means, and which cells changed.

export type CellResult = { kind: 'ok'; cents: Cents } | { kind: 'invalid'; message: string };

/**
 * A cell as a person types or pastes it: "1234.56", "1,234.56", "$1,234", "-300", "(300.00)"
 * (a spreadsheet's negative), or empty for zero. At most two decimals.
 */
export function parseCell(text: string): CellResult {
  let s = text.trim().replace(/[\s\u00a0]/g, '');
  if (s === '' || s === '-') return { kind: 'ok', cents: 0 };
  let negative = false;
  const parens = /^\((.*)\)$/.exec(s);
  if (parens) {
    negative = true;
    s = parens[1] ?? '';
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  s = s.replace(/^\$/, '');
  const m = /^((?:\d{1,3}(?:,\d{3})+|\d+)?)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) {
    return { kind: 'invalid', message: `"${text.trim()}" is not an amount` };
  }
  const whole = (m[1] ?? '').replace(/,/g, '');
  if (whole.replace(/^0+/, '').length > MAX_AMOUNT_DIGITS)
    return { kind: 'invalid', message: 'Too large' };
  const cents = Number(whole || '0') * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return { kind: 'ok', cents: negative && cents !== 0 ? -cents : cents };
}

/** A block copied from a spreadsheet: rows by line, cells by tab. */
export function parseTsv(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  // A copied block ends with a line break: no empty last row.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

export const cellKey = (rowId: string, col: number) => `${rowId}:${col}`;

export interface GridChange {
  rowId: string;
  col: number;
  cents: Cents;
}

/** The cells whose typed value differs from the saved one, and those that don't parse. */
export function gridChanges(
  saved: Readonly<Record<string, readonly Cents[] | undefined>>,
  edits: Readonly<Record<string, string>>,
): { changes: GridChange[]; invalid: string[] } {
  const changes: GridChange[] = [];
  const invalid: string[] = [];
  for (const [key, text] of Object.entries(edits)) {
    const i = key.lastIndexOf(':');
    const rowId = key.slice(0, i);
    const col = Number(key.slice(i + 1));
    const parsed = parseCell(text);
    if (parsed.kind === 'invalid') invalid.push(key);
    else if (parsed.cents !== (saved[rowId]?.[col] ?? 0)) {
      changes.push({ rowId, col, cents: parsed.cents });
    }
  }
  return { changes, invalid };
}

/** The value a cell counts as: the typed one when it parses, the saved one otherwise. */
export function effectiveValue(
  saved: Readonly<Record<string, readonly Cents[] | undefined>>,
  edits: Readonly<Record<string, string>>,
  rowId: string,
  col: number,
): Cents {
  const text = edits[cellKey(rowId, col)];
  if (text !== undefined) {
    const parsed = parseCell(text);
    if (parsed.kind === 'ok') return parsed.cents;
  }
  return saved[rowId]?.[col] ?? 0;
}

const plain = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A figure in the grid: "1,234.56", negatives in parentheses, no currency symbol. */
export function formatGridAmount(cents: Cents): string {
  const text = plain.format(Math.abs(cents) / 100);
  return cents < 0 ? `(${text})` : text;
}

/** A saved value as the cell's editable text ("" for zero). */
export function cellText(cents: Cents): string {
  if (cents === 0) return '';
  return `${cents < 0 ? '-' : ''}${plain.format(Math.abs(cents) / 100)}`;
}
