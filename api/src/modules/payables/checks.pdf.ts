import { fileURLToPath } from 'node:url';
import {
  type Content,
  MUTED,
  registerFont,
  renderFormPdf,
  RULE,
} from '../../core/documents/pdf.js';
import { type Cents, displayMoney } from '../../core/money/money.js';

// A stub's amounts, grouped like the check's ("4,275.00").
const stubAmount = (c: Cents) => displayMoney(c).replace('$', '');

// Checks on standard US letter check stock, "check on top": each sheet is 8½ × 11 inches in three
// panels, perforated at 3½ and 7 inches: the check, then two identical stubs (one kept by the
// payee, one by the association). A printed check needs no pre-printed numbers: the check number,
// the bank and the MICR line are printed here (blank check stock with MICR toner), or only the
// variable parts when the stock is pre-printed and the account's routing and account numbers are
// left unset (then no MICR line is printed).

// The MICR font (GnuMICR, GPL-2.0; licence and source beside it in ./micr). It is read from the
// module's folder, which the API's build copies beside the compiled code (api/scripts).
const MICR_FONT = 'GnuMICR';
registerFont(MICR_FONT, fileURLToPath(new URL('./micr/GnuMICR.ttf', import.meta.url)));
// GnuMICR types the E-13B symbols as letters.
export const MICR = { transit: 'A', amount: 'B', onUs: 'C', dash: 'D' } as const;

const IN = 72; // points per inch
const PAGE_WIDTH = 8.5 * IN;
const PANEL = 3.5 * IN;
const LEFT = 0.5 * IN;
const RIGHT = PAGE_WIDTH - 0.5 * IN;

export interface StubLine {
  billNumber: number;
  vendorInvoiceNumber: string | null;
  billDate: string;
  billTotal: Cents;
  amount: Cents;
}

export interface CheckPrint {
  checkNumber: string;
  date: string;
  amount: Cents;
  payee: string;
  payeeAddress: string | null;
  memo: string | null;
  // Two signature lines when the amount is above the association's approval threshold.
  signatures: 1 | 2;
  // Voided since it was issued: printed across with VOID, without the MICR line.
  void: boolean;
  bills: StubLine[];
}

export interface ChecksPrint {
  payer: { name: string; address: string | null };
  bankName: string;
  // Both set: the MICR line is printed.
  routingNumber: string | null;
  accountNumber: string | null;
  runNumber: number;
  checks: CheckPrint[];
}

// ---------------------------------------------------------------------------------------------
// The amount in words, as a check writes it: "One thousand two hundred thirty-four and 56/100".

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

// 1 to 999 in words ("two hundred thirty-four").
function hundreds(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(`${ONES[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20)
    words.push(TENS[Math.floor(rest / 10)] + (rest % 10 ? `-${ONES[rest % 10]}` : ''));
  else if (rest > 0) words.push(ONES[rest]);
  return words.join(' ');
}

export function amountInWords(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`${cents} is not an amount`);
  let dollars = Math.floor(cents / 100);
  const parts: string[] = [];
  for (let scale = 0; dollars > 0; scale++) {
    const group = dollars % 1000;
    if (group) parts.unshift(`${hundreds(group)}${SCALES[scale] ? ` ${SCALES[scale]}` : ''}`);
    dollars = Math.floor(dollars / 1000);
  }
  const words = parts.length ? parts.join(' ') : 'zero';
  const fraction = String(cents % 100).padStart(2, '0');
  return `${words[0].toUpperCase()}${words.slice(1)} and ${fraction}/100`;
}

// ---------------------------------------------------------------------------------------------
// The MICR line (ANSI X9.100-160-1 field positions, counted from the check's right edge: position
// 1 ends 5/16 inch from it, each position 1/8 inch): the auxiliary on-us field (the check number
// between on-us symbols) ends at position 45, the routing field between transit symbols takes
// positions 43 to 33, and the on-us field (the account number and an on-us symbol) ends at
// position 14. Positions 1 to 12 stay blank for the amount the bank encodes.

const MICR_SIZE = 12; // GnuMICR is drawn for 12 points, where its advance is 0.1252 inch
const MICR_PITCH = IN / 8;
// Its advance is 751/1000 em: spacing pulls each character back to exactly 1/8 inch.
const MICR_SPACING = MICR_PITCH - (751 / 1000) * MICR_SIZE;
// The characters' bottom edge 0.22 inch above the check's bottom edge (within the band of 3/16
// to 7/16 inch); the font's ascent is its full height (702/1000 em), its descent 0.
const MICR_BASELINE = PANEL - 0.22 * IN;
const MICR_TOP = MICR_BASELINE - (702 / 1000) * MICR_SIZE;

function micrField(text: string, rightmostPosition: number): Content {
  const rightEdge = PAGE_WIDTH - (5 / 16) * IN - (rightmostPosition - 1) * MICR_PITCH;
  return {
    text,
    font: MICR_FONT,
    fontSize: MICR_SIZE,
    lineHeight: 1,
    characterSpacing: MICR_SPACING,
    absolutePosition: { x: rightEdge - text.length * MICR_PITCH, y: MICR_TOP },
  };
}

export function micrLine(checkNumber: string, routing: string, account: string): Content[] {
  return [
    micrField(`${MICR.onUs}${checkNumber.padStart(6, '0')}${MICR.onUs}`, 45),
    micrField(`${MICR.transit}${routing}${MICR.transit}`, 33),
    micrField(`${account}${MICR.onUs}`, 14),
  ];
}

// ---------------------------------------------------------------------------------------------
// Layout

const usDate = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

// A node placed on the page. A placed node takes the page's width to its right edge, so one with
// a width (a right-aligned amount, a wrapping address) is laid in a column of that width.
const at = (x: number, y: number, node: Record<string, unknown>): Content => {
  const { width, ...rest } = node;
  return typeof width === 'number'
    ? { columns: [{ width, ...rest }], absolutePosition: { x, y } }
    : { ...rest, absolutePosition: { x, y } };
};

const hline = (x1: number, x2: number, y: number, width = 0.6): Content => ({
  canvas: [{ type: 'line', x1, y1: y, x2, y2: y, lineWidth: width, lineColor: '#000000' }],
  absolutePosition: { x: 0, y: 0 },
});

// The amount in words on one line, smaller for the longest amounts, filled with asterisks to its
// end so nothing can be added (Roboto's characters average about half an em).
function wordsLine(amount: Cents): { text: string; fontSize: number } {
  const words = amountInWords(amount);
  const fontSize = words.length <= 95 ? 9.5 : words.length <= 125 ? 8 : 6.5;
  const fits = Math.floor((6.6 * IN) / (fontSize * 0.49));
  return { text: `${words} ${'*'.repeat(Math.max(3, fits - words.length))}`, fontSize };
}

// The memo on the check's face keeps to its line (the stubs print it whole).
const oneLine = (text: string, max = 70) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

function checkPanel(doc: ChecksPrint, c: CheckPrint): Content[] {
  const out: Content[] = [];
  const payer = [doc.payer.name, ...(doc.payer.address?.split(/\r?\n/) ?? [])];
  out.push(
    at(LEFT, 0.4 * IN, {
      width: 3 * IN,
      stack: [
        { text: payer[0], bold: true, fontSize: 11 },
        ...payer.slice(1, 4).map((l) => ({ text: l, fontSize: 8.5 })),
      ],
    }),
    at(3.6 * IN, 0.4 * IN, {
      width: 2.3 * IN,
      text: doc.bankName,
      fontSize: 9,
      alignment: 'center',
    }),
    at(6.4 * IN, 0.38 * IN, {
      width: RIGHT - 6.4 * IN,
      text: c.checkNumber,
      bold: true,
      fontSize: 13,
      alignment: 'right',
    }),
    at(5.6 * IN, 0.92 * IN, { text: 'DATE', fontSize: 7, color: MUTED }),
    at(6.0 * IN, 0.88 * IN, { width: RIGHT - 6.0 * IN, text: usDate(c.date), fontSize: 10 }),
    hline(6.0 * IN, RIGHT, 1.06 * IN),
    // Payee and amount in figures.
    at(LEFT, 1.28 * IN, { width: 0.8 * IN, text: 'PAY TO THE\nORDER OF', fontSize: 6.5 }),
    at(1.35 * IN, 1.3 * IN, {
      width: 4.8 * IN,
      text: oneLine(c.payee, 80),
      bold: true,
      fontSize: c.payee.length <= 50 ? 10.5 : c.payee.length <= 62 ? 9 : 7.5,
    }),
    hline(1.3 * IN, 6.2 * IN, 1.48 * IN),
    {
      canvas: [
        {
          type: 'rect',
          x: 6.35 * IN,
          y: 1.22 * IN,
          w: RIGHT - 6.35 * IN,
          h: 0.3 * IN,
          lineWidth: 0.8,
          lineColor: '#000000',
        },
      ],
      absolutePosition: { x: 0, y: 0 },
    },
    at(6.35 * IN, 1.29 * IN, {
      width: RIGHT - 6.35 * IN - 6,
      text: `$**${displayMoney(c.amount).slice(1)}`,
      bold: true,
      fontSize: displayMoney(c.amount).length <= 13 ? 11 : 8,
      alignment: 'right',
    }),
    // Amount in words.
    at(LEFT, 1.66 * IN, { width: 6.8 * IN, ...wordsLine(c.amount) }),
    at(7.35 * IN, 1.66 * IN, { text: 'DOLLARS', fontSize: 7, bold: true }),
    hline(LEFT, RIGHT, 1.82 * IN),
    // Payee name and address where a #10 double-window envelope shows it.
    at(0.9 * IN, 1.98 * IN, {
      width: 3.4 * IN,
      // One line each, four at most: the envelope's window and the memo line below.
      stack: [c.payee, ...(c.payeeAddress?.split(/\r?\n/) ?? []).slice(0, 3)].map((l) => ({
        text: oneLine(l, 52),
        fontSize: 9,
      })),
    }),
    // Memo.
    at(LEFT, 2.73 * IN, { text: 'MEMO', fontSize: 6.5, color: MUTED }),
    at(0.9 * IN, 2.69 * IN, {
      width: 3.2 * IN,
      text: oneLine(c.memo ?? '', 55),
      fontSize: 8.5,
    }),
    hline(0.9 * IN, 4.1 * IN, 2.84 * IN),
  );
  // Signature lines, above the MICR clear band (the bottom 5/8 inch).
  const lines = c.signatures === 2 ? [2.28 * IN, 2.72 * IN] : [2.72 * IN];
  for (const y of lines) {
    out.push(
      hline(4.6 * IN, RIGHT, y, 0.7),
      at(4.6 * IN, y + 2, {
        width: RIGHT - 4.6 * IN,
        text: 'AUTHORIZED SIGNATURE',
        fontSize: 6,
        color: MUTED,
        alignment: 'right',
      }),
    );
  }
  if (c.void) {
    out.push(
      at(0, 1.1 * IN, {
        width: PAGE_WIDTH,
        text: 'VOID',
        fontSize: 72,
        bold: true,
        color: '#000000',
        opacity: 0.25,
        alignment: 'center',
      }),
    );
  } else if (doc.routingNumber && doc.accountNumber) {
    out.push(...micrLine(c.checkNumber, doc.routingNumber, doc.accountNumber));
  }
  return out;
}

// How many bills a stub lists before it sums up the rest in one line.
const STUB_ROWS = 10;

function stubPanel(doc: ChecksPrint, c: CheckPrint, top: number, copy: string): Content[] {
  const total = c.bills.reduce((s, b) => s + b.amount, 0);
  const shown = c.bills.length > STUB_ROWS ? c.bills.slice(0, STUB_ROWS - 1) : c.bills;
  const rest = c.bills.slice(shown.length);
  const cell = (text: string, right = false) => ({
    text,
    fontSize: 8,
    alignment: right ? 'right' : 'left',
  });
  const head = (text: string, right = false) => ({ ...cell(text, right), bold: true });
  const body = [
    [
      head('Bill'),
      head('Invoice no.'),
      head('Bill date'),
      head('Bill total', true),
      head('Paid', true),
    ],
    ...shown.map((b) => [
      cell(`BILL-${b.billNumber}`),
      cell(b.vendorInvoiceNumber ?? '—'),
      cell(usDate(b.billDate)),
      cell(stubAmount(b.billTotal), true),
      cell(stubAmount(b.amount), true),
    ]),
    ...(rest.length
      ? [
          [
            { ...cell(`and ${rest.length} more bills`), colSpan: 4 },
            {},
            {},
            {},
            cell(stubAmount(rest.reduce((s, b) => s + b.amount, 0)), true),
          ],
        ]
      : []),
    [{ ...head('Total paid'), colSpan: 4 }, {}, {}, {}, head(stubAmount(total), true)],
  ];
  return [
    at(LEFT, top + 0.35 * IN, {
      width: RIGHT - LEFT,
      columns: [
        {
          width: '*',
          stack: [
            { text: c.payee, bold: true, fontSize: 10 },
            { text: `${doc.payer.name} · ${copy}`, fontSize: 7.5, color: MUTED },
          ],
        },
        {
          width: 'auto',
          alignment: 'right',
          stack: [
            { text: `Check ${c.checkNumber}${c.void ? ' · VOID' : ''}`, bold: true, fontSize: 10 },
            {
              text: `${usDate(c.date)} · ${displayMoney(c.amount)}`,
              fontSize: 8.5,
            },
          ],
        },
      ],
    }),
    at(LEFT, top + 0.85 * IN, {
      width: RIGHT - LEFT,
      table: { headerRows: 1, widths: [70, '*', 70, 80, 80], body },
      layout: {
        hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
          i === 1 || i === node.table.body.length - 1 ? 0.5 : 0,
        vLineWidth: () => 0,
        hLineColor: () => RULE,
        paddingTop: () => 1.5,
        paddingBottom: () => 1.5,
        paddingLeft: () => 0,
        paddingRight: () => 4,
      },
    }),
    ...(c.memo
      ? [
          at(LEFT, top + 3.12 * IN, {
            width: RIGHT - LEFT,
            text: `Memo: ${oneLine(c.memo, 120)}`,
            fontSize: 7.5,
            color: MUTED,
          }),
        ]
      : []),
  ];
}

export function checksDocument(doc: ChecksPrint): { content: Content; [key: string]: unknown } {
  const content: Content[] = [];
  doc.checks.forEach((c, i) => {
    // A page of its own for each check: the flow's only element breaks the page, the rest is
    // placed on it.
    content.push({ text: '', ...(i > 0 ? { pageBreak: 'before' } : {}) });
    content.push(
      ...checkPanel(doc, c),
      ...stubPanel(doc, c, PANEL, 'Payee copy'),
      ...stubPanel(doc, c, 2 * PANEL, 'Association copy'),
    );
  });
  return { pageMargins: [0, 0, 0, 0], content };
}

export function renderChecksPdf(doc: ChecksPrint, createdAt?: Date): Promise<Buffer> {
  return renderFormPdf(checksDocument(doc), {
    title: `${doc.payer.name} — checks of payment run ${doc.runNumber}`,
    author: doc.payer.name,
    createdAt,
  });
}
