import { centsToMoney } from '@covenant/shared/money';
import type { Content, ContentObject } from './pdf.js';
import { INK, MUTED, RULE } from './pdf.js';

// Tables of a printed document: amounts right-aligned in tabular figures, negatives in
// parentheses, the header row repeated on every page a table runs onto, a row never split across
// pages, and rules (no fills) so fund columns read in black and white.

// "$1,234.56", "($1,234.56)" for a negative, as the reports show amounts. Exact for any bigint.
export function money(cents: bigint | number | string | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const [whole, frac] = centsToMoney(cents).split('.');
  const neg = whole.startsWith('-');
  const digits = (neg ? whole.slice(1) : whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return neg ? `($${digits}.${frac})` : `$${digits}.${frac}`;
}

export type ColumnKind = 'text' | 'money' | 'number' | 'date';

export interface Column {
  header: string;
  kind?: ColumnKind;
  // pdfmake widths: '*' shares what is left, 'auto' fits the content, a number is points.
  width?: number | '*' | 'auto';
}

// A money cell is a bigint (or a Money string); null leaves it blank.
export type Cell = string | bigint | number | null | undefined | ContentObject;

export type RowKind = 'line' | 'group' | 'subtotal' | 'total' | 'note';

export interface Row {
  cells: Cell[];
  kind?: RowKind;
  // Indent of the first cell, in steps.
  indent?: number;
}

const NUMERIC: ColumnKind[] = ['money', 'number'];

function cellContent(value: Cell, column: Column, row: Row, first: boolean): ContentObject {
  const kind = row.kind ?? 'line';
  const bold = kind === 'group' || kind === 'subtotal' || kind === 'total';
  const base: ContentObject = {
    ...(bold ? { bold: true } : {}),
    ...(kind === 'note' ? { italics: true, color: MUTED, fontSize: 8 } : {}),
    ...(first && row.indent ? { margin: [row.indent * 10, 0, 0, 0] } : {}),
  };
  if (value !== null && typeof value === 'object') return { ...base, ...value };
  const numeric = NUMERIC.includes(column.kind ?? 'text');
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (
    column.kind === 'money' &&
    (typeof value === 'bigint' || /^-?\d+(\.\d+)?$/.test(`${value}`))
  )
    text = money(typeof value === 'string' && value.includes('.') ? moneyToBig(value) : value);
  else text = String(value);
  return { ...base, text, ...(numeric ? { alignment: 'right', noWrap: true } : {}) };
}

// A Money string from the API ("1234.56") as cents.
function moneyToBig(value: string): bigint {
  const neg = value.startsWith('-');
  const [w, f = ''] = (neg ? value.slice(1) : value).split('.');
  const cents = BigInt(w) * 100n + BigInt((f + '00').slice(0, 2));
  return neg ? -cents : cents;
}

export interface TableSpec {
  columns: Column[];
  rows: Row[];
  // Shown in place of rows when there are none.
  empty?: string;
  fontSize?: number;
}

// A table of amounts. The header row repeats on each page, rows are never split, a subtotal has a
// rule above it and a total a rule above and a double rule below (the accountant's marks).
export function moneyTable(spec: TableSpec): Content {
  if (spec.rows.length === 0 && spec.empty) {
    return { text: spec.empty, style: 'note', margin: [0, 2, 0, 8] };
  }
  const header = spec.columns.map((c) => ({
    text: c.header,
    style: 'th',
    ...(NUMERIC.includes(c.kind ?? 'text') ? { alignment: 'right' } : {}),
  }));
  const body = spec.rows.map((row) =>
    spec.columns.map((col, i) => cellContent(row.cells[i], col, row, i === 0)),
  );
  const kinds = spec.rows.map((r) => r.kind ?? 'line');
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: spec.columns.map((c) => c.width ?? (c.kind === 'money' ? 'auto' : '*')),
      body: [header, ...body],
    },
    fontSize: spec.fontSize ?? 8.5,
    layout: ledgerLayout(kinds),
    margin: [0, 0, 0, 10],
  };
}

// Rules for a table whose rows have the kinds given (the header row is row 0).
export function ledgerLayout(kinds: RowKind[]) {
  const kindAt = (row: number) => (row >= 1 ? kinds[row - 1] : undefined);
  return {
    hLineWidth: (i: number, node: { table: { body: unknown[] } }) => {
      if (i === 0) return 0;
      if (i === 1) return 0.8; // under the header
      const below = kindAt(i);
      if (below === 'subtotal' || below === 'total') return 0.6;
      if (i === node.table.body.length) return kindAt(i - 1) === 'total' ? 0.6 : 0.3;
      return 0.2;
    },
    hLineColor: (i: number) => {
      const below = kindAt(i);
      return i === 1 || below === 'subtotal' || below === 'total' ? INK : RULE;
    },
    vLineWidth: () => 0,
    paddingLeft: (i: number) => (i === 0 ? 0 : 6),
    paddingRight: (i: number, node: { table: { widths: unknown[] } }) =>
      i === node.table.widths.length - 1 ? 0 : 6,
    paddingTop: () => 2.5,
    paddingBottom: (i: number) => (kindAt(i) === 'total' ? 4 : 2.5),
  };
}

// A section of a document: a heading that starts a new page (except the first) and is listed in
// the table of contents, a line of context under it, then its content.
export function section(
  title: string,
  body: Content[],
  opts: { context?: string; first?: boolean; id?: string } = {},
): Content[] {
  return [
    {
      text: title,
      style: 'section',
      tocItem: true,
      ...(opts.id ? { id: opts.id } : {}),
      ...(opts.first ? {} : { pageBreak: 'before' }),
    },
    ...(opts.context
      ? [{ text: opts.context, style: 'context' }]
      : [{ text: '', margin: [0, 0, 0, 6] }]),
    ...body,
  ];
}

export function subsection(title: string): Content {
  return { text: title, style: 'subsection', headlineLevel: 2 };
}

// The table of contents (the sections' titles with their page numbers), after the cover.
export function tableOfContents(title = 'Contents'): Content {
  return {
    toc: {
      title: { text: title, style: 'section' },
      textStyle: { fontSize: 10 },
      numberStyle: { fontSize: 10 },
      textMargin: [0, 3, 0, 3],
    },
  };
}

// Label/value pairs (a cover's facts).
export function facts(pairs: [string, string][]): Content {
  return {
    table: {
      widths: [130, '*'],
      body: pairs.map(([k, v]) => [{ text: k, color: MUTED }, { text: v }]),
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 12],
  };
}
