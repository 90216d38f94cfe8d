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

export type RowKind = 'line' | 'group' | 'subtotal' | 'total' | 'note' | 'band';

export interface Row {
  cells: Cell[];
  kind?: RowKind;
  // Indent of the first cell, in steps.
  indent?: number;
  // The first cell runs across the row (a group's heading, a note under a line), or across this
  // many columns (a total's label), the next cells filling the rest.
  span?: boolean | number;
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
  // A header row above the columns' own, grouping them ("Month", "Year to date").
  bands?: { label: string; span: number }[];
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
  const body = spec.rows.map((row) => {
    if (!row.span)
      return spec.columns.map((col, i) => cellContent(row.cells[i], col, row, i === 0));
    const n = row.span === true ? spec.columns.length : row.span;
    return [
      { ...cellContent(row.cells[0], { header: '' }, row, true), colSpan: n },
      ...spec.columns.slice(1, n).map(() => ''),
      ...spec.columns.slice(n).map((col, i) => cellContent(row.cells[i + 1], col, row, false)),
    ];
  });
  const bands = spec.bands
    ? [
        spec.bands.flatMap((b) => [
          {
            text: b.label,
            style: 'th',
            colSpan: b.span,
            alignment: b.label ? 'center' : 'left',
          },
          ...Array.from({ length: b.span - 1 }, () => ''),
        ]),
      ]
    : [];
  const kinds: (RowKind | 'header')[] = [
    ...bands.map(() => 'band' as const),
    'header',
    ...spec.rows.map((r) => r.kind ?? 'line'),
  ];
  return {
    table: {
      headerRows: 1 + bands.length,
      dontBreakRows: true,
      widths: spec.columns.map((c) => c.width ?? (c.kind === 'money' ? 'auto' : '*')),
      body: [...bands, header, ...body],
    },
    fontSize: spec.fontSize ?? 8.5,
    layout: ledgerLayout(kinds),
    margin: [0, 0, 0, 10],
  };
}

// Rules for a table whose body rows have the kinds given, in order (band rows, the header, then
// the rows): a firm rule under the header, one above a subtotal or total, hairlines between lines.
// pdfmake asks for line i above body row i.
export function ledgerLayout(kinds: (RowKind | 'header')[]) {
  const head = kinds.indexOf('header');
  return {
    hLineWidth: (i: number, node: { table: { body: unknown[] } }) => {
      if (i === 0) return 0;
      if (i <= head) return 0.3; // under a band
      if (i === head + 1) return 0.8; // under the header
      const below = kinds[i];
      if (below === 'subtotal' || below === 'total') return 0.6;
      if (i === node.table.body.length) return kinds[i - 1] === 'total' ? 0.6 : 0.3;
      return 0.2;
    },
    hLineColor: (i: number) => {
      const below = kinds[i];
      return i === head + 1 || below === 'subtotal' || below === 'total' ? INK : RULE;
    },
    vLineWidth: () => 0,
    paddingLeft: (i: number) => (i === 0 ? 0 : 6),
    paddingRight: (i: number, node: { table: { widths: unknown[] } }) =>
      i === node.table.widths.length - 1 ? 0 : 6,
    paddingTop: () => 2.5,
    paddingBottom: (i: number) => (kinds[i] === 'total' ? 4 : 2.5),
  };
}

// A section of a document: a heading that starts a new page (except the first; in landscape for a
// wide table) and is listed in the table of contents, a line of context under it, then its content.
export function section(
  title: string,
  body: Content[],
  opts: { context?: string; first?: boolean; id?: string; landscape?: boolean } = {},
): Content[] {
  return [
    {
      text: title,
      style: 'section',
      tocItem: true,
      ...(opts.id ? { id: opts.id } : {}),
      // Every section names its orientation: a wide one turns its pages, the next turns them back.
      ...(opts.first
        ? {}
        : { pageBreak: 'before', pageOrientation: opts.landscape ? 'landscape' : 'portrait' }),
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
