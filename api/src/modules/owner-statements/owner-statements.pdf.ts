import { type Content, INK, MUTED, renderFormPdf, RULE } from '../../core/documents/pdf.js';
import { money, moneyTable, type Row } from '../../core/documents/tables.js';
import { mediumDate, monthInWords } from '../../core/dates.js';
import type { StatementDocument } from './owner-statements.service.js';

// A unit's monthly statement on US letter paper, as an owner expects one from their association:
// who it is from and for, the month in four figures (opening, charges, payments, closing = amount
// due), the month's activity with the running balance, what is due when, how to pay, and at the
// bottom of the last page a remittance stub to tear off and send with a check. Most statements fit
// one page; a long month runs onto more, each carrying the unit and "continued", and the stub sits
// at the bottom of the last. Black on white with grey rules and one light fill, so it prints well
// on any office printer.

const PAGE = { width: 612, height: 792 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;
// The bottom of every page is kept for the remittance stub (printed on the last page only).
const STUB_HEIGHT = 150;
const FILL = '#f1f3f5';

const lines = (text: string | null | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

// The mailing address without the association's name where it starts with it (a line of its
// own, or "Maple Ridge HOA, PO Box 1147, …" on one line): the name is printed above it.
function addressLines(a: StatementDocument['association']): string[] {
  const [first, ...rest] = lines(a.mailingAddress);
  if (first === undefined) return [];
  const name = a.name.trim().toLowerCase();
  if (first.toLowerCase() === name) return rest;
  if (first.toLowerCase().startsWith(`${name},`)) {
    const tail = first.slice(name.length + 1).trim();
    return tail ? [tail, ...rest] : rest;
  }
  return [first, ...rest];
}

const joined = (parts: (string | null | undefined)[], sep = ' · ') =>
  parts.filter((p): p is string => !!p && p.trim() !== '').join(sep);

interface Words {
  date: (d: string) => string;
  month: string;
}

function dueLine(d: StatementDocument, w: Words): { amount: string; when: string } {
  const s = d.statement;
  if (s.amountDue === 0n) {
    return {
      amount: money(0n),
      when: s.closingBalance < 0n ? 'Nothing is due: you have a credit' : 'Nothing is due',
    };
  }
  const pastDue = s.dueItems.some((i) => i.pastDue);
  const first = s.dueItems[0];
  return {
    amount: money(s.amountDue),
    when: pastDue ? 'Due now' : first ? `Due by ${w.date(first.dueDate)}` : 'Due now',
  };
}

function header(d: StatementDocument, w: Words): Content {
  const a = d.association;
  const s = d.statement;
  const facts: [string, string][] = [
    ['Statement date', w.date(s.statementDate)],
    ['Period', `${w.date(s.periodStart)} – ${w.date(s.periodEnd)}`],
    ['Unit', s.unitNumber],
  ];
  return {
    columns: [
      {
        width: '*',
        stack: [
          { text: a.name, fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
          ...addressLines(a).map((l) => ({ text: l, color: MUTED })),
          {
            text: joined([a.contactPhone, a.contactEmail]),
            color: MUTED,
            margin: [0, 2, 0, 0],
          },
        ],
      },
      {
        width: 210,
        stack: [
          {
            text: 'Statement',
            fontSize: 20,
            bold: true,
            alignment: 'right',
            margin: [0, -3, 0, 0],
          },
          {
            text: w.month,
            fontSize: 11,
            alignment: 'right',
            color: MUTED,
            margin: [0, 0, 0, 6],
          },
          {
            table: {
              widths: ['*', 'auto'],
              body: facts.map(([k, v]) => [
                { text: k, color: MUTED, alignment: 'right' },
                { text: v, alignment: 'right', bold: k === 'Unit' },
              ]),
            },
            layout: {
              hLineWidth: () => 0,
              vLineWidth: () => 0,
              paddingLeft: () => 6,
              paddingRight: (i: number) => (i === 1 ? 0 : 6),
              paddingTop: () => 1,
              paddingBottom: () => 1,
            },
          },
        ],
      },
    ],
    columnGap: 16,
  };
}

function rule(top = 10, bottom = 12, weight = 0.8): Content {
  return {
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: WIDTH, y2: 0, lineWidth: weight, lineColor: INK }],
    margin: [0, top, 0, bottom],
  };
}

function addressee(d: StatementDocument): Content {
  const u = d.unit;
  return {
    width: '*',
    stack: [
      { text: 'STATEMENT FOR', fontSize: 7.5, color: MUTED, characterSpacing: 0.6 },
      {
        text: u.ownerName ?? `Owner of unit ${u.number}`,
        fontSize: 11,
        bold: true,
        margin: [0, 3, 0, 1],
      },
      { text: `Unit ${u.number}` },
      ...lines(u.address).map((l) => ({ text: l, color: MUTED })),
    ],
  };
}

function summary(d: StatementDocument, w: Words): Content {
  const s = d.statement;
  const due = dueLine(d, w);
  const row = (sign: string, label: string, amount: string, opts: { bold?: boolean } = {}) => [
    { text: sign, color: MUTED, alignment: 'center' },
    { text: label, bold: opts.bold },
    { text: amount, alignment: 'right', noWrap: true, bold: opts.bold },
  ];
  return {
    width: 262,
    stack: [
      {
        table: {
          widths: [10, '*', 'auto'],
          body: [
            row('', `Opening balance on ${w.date(s.periodStart)}`, money(s.openingBalance)),
            row('+', 'Charges', money(s.charges)),
            row('−', 'Payments and credits', money(s.payments)),
            row('=', `Balance on ${w.date(s.periodEnd)}`, money(s.closingBalance), {
              bold: true,
            }),
          ],
        },
        layout: {
          hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
            i === 0 || i === node.table.body.length ? 0.6 : i === 3 ? 0.6 : 0,
          hLineColor: (i: number) => (i === 3 ? INK : RULE),
          vLineWidth: (i: number) => (i === 0 || i === 3 ? 0.6 : 0),
          vLineColor: () => RULE,
          paddingLeft: (i: number) => (i === 0 ? 6 : 4),
          paddingRight: (i: number) => (i === 2 ? 8 : 4),
          paddingTop: () => 3.5,
          paddingBottom: () => 3.5,
        },
      },
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            [
              {
                stack: [
                  { text: 'Amount due', bold: true, fontSize: 11 },
                  { text: due.when, color: MUTED, fontSize: 8.5, margin: [0, 1, 0, 0] },
                ],
              },
              { text: due.amount, bold: true, fontSize: 15, alignment: 'right', noWrap: true },
            ],
          ],
        },
        layout: {
          fillColor: () => FILL,
          hLineWidth: (i: number) => (i === 1 ? 0.6 : 0),
          hLineColor: () => RULE,
          vLineWidth: () => 0.6,
          vLineColor: () => RULE,
          paddingLeft: () => 8,
          paddingRight: () => 8,
          paddingTop: () => 6,
          paddingBottom: () => 6,
        },
      },
    ],
  };
}

function activity(d: StatementDocument, w: Words): Content[] {
  const s = d.statement;
  const rows: Row[] = [
    {
      cells: [w.date(s.periodStart), '', 'Balance forward', null, null, s.openingBalance],
      kind: 'group',
    },
    ...s.lines.map((l) => ({
      cells: [w.date(l.date), l.reference, l.description, l.charge, l.payment, l.balance],
    })),
    {
      cells: [w.date(s.periodEnd), '', 'Balance', s.charges, s.payments, s.closingBalance],
      kind: 'total' as const,
    },
  ];
  return [
    { text: 'Account activity', bold: true, fontSize: 11, margin: [0, 16, 0, 6] },
    moneyTable({
      columns: [
        { header: 'Date', width: 62 },
        { header: 'Reference', width: 58 },
        { header: 'Description', width: '*' },
        { header: 'Charges', kind: 'money', width: 66 },
        { header: 'Payments', kind: 'money', width: 66 },
        { header: 'Balance', kind: 'money', width: 70 },
      ],
      rows,
      fontSize: 8.5,
    }),
    {
      text: s.lines.length
        ? 'Amounts in parentheses are negative: a payment voided, a charge taken back, or a credit in your favor.'
        : `No charges or payments in ${w.month}.`,
      style: 'note',
      margin: [0, -6, 0, 0],
    },
  ];
}

function dueAndHowToPay(d: StatementDocument, w: Words): Content {
  const s = d.statement;
  const a = d.association;
  const dueTable: Content = s.dueItems.length
    ? {
        table: {
          widths: ['*', 'auto'],
          body: [
            [
              { text: 'Due date', bold: true, fontSize: 8 },
              { text: 'Amount', bold: true, fontSize: 8, alignment: 'right' },
            ],
            ...s.dueItems.map((i) => [
              {
                text: i.pastDue ? `${w.date(i.dueDate)} · past due` : w.date(i.dueDate),
                bold: i.pastDue,
              },
              { text: money(i.amount), alignment: 'right', noWrap: true, bold: i.pastDue },
            ]),
          ],
        },
        layout: {
          hLineWidth: (i: number) => (i === 1 ? 0.8 : i === 0 ? 0 : 0.2),
          hLineColor: (i: number) => (i === 1 ? INK : RULE),
          vLineWidth: () => 0,
          paddingLeft: (i: number) => (i === 0 ? 0 : 6),
          paddingRight: (i: number) => (i === 1 ? 0 : 6),
          paddingTop: () => 2.5,
          paddingBottom: () => 2.5,
        },
      }
    : {
        text:
          s.closingBalance < 0n
            ? `Nothing is due. Your credit of ${money(-s.closingBalance)} pays your next charges.`
            : 'Nothing is due. Thank you!',
        color: MUTED,
      };
  const reach = joined([a.contactPhone, a.contactEmail]);
  return {
    columns: [
      {
        width: 220,
        stack: [{ text: 'What is due', bold: true, fontSize: 11, margin: [0, 0, 0, 6] }, dueTable],
      },
      {
        width: '*',
        stack: [
          { text: 'How to pay', bold: true, fontSize: 11, margin: [0, 0, 0, 6] },
          ...lines(s.howToPay).map((l) => ({ text: l, margin: [0, 0, 0, 4] })),
          ...(a.contactName || reach
            ? [
                { text: 'Questions about your account?', bold: true, margin: [0, 4, 0, 1] },
                ...(a.contactName ? [{ text: a.contactName }] : []),
                ...(reach ? [{ text: reach, color: MUTED }] : []),
              ]
            : []),
        ],
      },
    ],
    columnGap: 28,
    margin: [0, 14, 0, 0],
  };
}

// The tear-off stub, drawn in the bottom margin of the last page.
function stub(d: StatementDocument, w: Words): Content {
  const a = d.association;
  const s = d.statement;
  const due = dueLine(d, w);
  const cell = (label: string, value: string, opts: { big?: boolean } = {}) => [
    { text: label, color: MUTED, fontSize: 8 },
    {
      text: value,
      alignment: 'right',
      bold: opts.big,
      fontSize: opts.big ? 11 : 9,
      noWrap: true,
    },
  ];
  return {
    margin: [MARGIN, 6, MARGIN, 0],
    stack: [
      {
        canvas: [
          {
            type: 'line',
            x1: 0,
            y1: 0,
            x2: WIDTH,
            y2: 0,
            lineWidth: 0.6,
            dash: { length: 4, space: 3 },
            lineColor: MUTED,
          },
        ],
      },
      {
        text: 'Please detach and return this portion with your payment',
        fontSize: 7.5,
        color: MUTED,
        alignment: 'center',
        margin: [0, 3, 0, 6],
      },
      {
        columns: [
          {
            width: '*',
            stack: [
              { text: 'REMITTANCE', fontSize: 7.5, color: MUTED, characterSpacing: 0.6 },
              {
                text: [
                  { text: 'Make checks payable to ', color: MUTED },
                  { text: a.name, bold: true },
                ],
                margin: [0, 4, 0, 4],
              },
              ...(a.mailingAddress
                ? [
                    { text: 'Mail to', color: MUTED, fontSize: 8 },
                    { text: a.name, bold: true },
                    ...addressLines(a).map((l) => ({ text: l })),
                  ]
                : []),
              {
                text: `Write unit ${s.unitNumber} on your check.`,
                color: MUTED,
                fontSize: 8,
                margin: [0, 6, 0, 0],
              },
            ],
          },
          {
            width: 230,
            table: {
              widths: ['*', 'auto'],
              body: [
                cell('Unit', s.unitNumber),
                cell('Owner', d.unit.ownerName ?? '—'),
                cell('Statement date', w.date(s.statementDate)),
                cell('Due', due.when.startsWith('Due by ') ? due.when.slice(7) : due.when),
                cell('Amount due', due.amount, { big: true }),
                [
                  { text: 'Amount enclosed', color: MUTED, fontSize: 8, margin: [0, 4, 0, 0] },
                  { text: '$ ____________', alignment: 'right', margin: [0, 4, 0, 0] },
                ],
              ],
            },
            layout: {
              fillColor: (i: number) => (i === 4 ? FILL : null),
              hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
                i === 0 || i === node.table.body.length ? 0.6 : 0.2,
              hLineColor: () => RULE,
              vLineWidth: (i: number) => (i === 0 || i === 2 ? 0.6 : 0),
              vLineColor: () => RULE,
              paddingLeft: () => 6,
              paddingRight: () => 6,
              paddingTop: () => 2.5,
              paddingBottom: () => 2.5,
            },
          },
        ],
        columnGap: 24,
      },
    ],
  };
}

export function statementContent(d: StatementDocument): {
  content: Content;
  [key: string]: unknown;
} {
  const locale = d.association.locale;
  const w: Words = {
    date: (x) => mediumDate(x, locale),
    month: monthInWords(d.statement.month, locale),
  };
  const s = d.statement;
  const toDate = s.periodEnd !== s.statementDate ? '' : ' (to date)';
  const continued = `${d.association.name} · Statement ${w.month}${toDate} · Unit ${s.unitNumber}`;
  return {
    pageSize: 'LETTER',
    pageMargins: [MARGIN, 36, MARGIN, STUB_HEIGHT + 10],
    defaultStyle: { font: 'Roboto', fontSize: 9, color: INK, lineHeight: 1.2 },
    styles: { note: { fontSize: 8, color: MUTED, italics: true }, th: { bold: true, fontSize: 8 } },
    header: (page: number): Content =>
      page === 1
        ? ''
        : {
            text: `${continued} (continued)`,
            fontSize: 8,
            color: MUTED,
            margin: [MARGIN, 20, MARGIN, 0],
          },
    footer: (page: number, pages: number): Content => {
      const number: Content = {
        text: pages > 1 ? `Page ${page} of ${pages}` : '',
        fontSize: 7.5,
        color: MUTED,
        alignment: 'right',
        margin: [MARGIN, 0, MARGIN, 0],
      };
      if (page < pages) {
        return {
          stack: [
            {
              text: 'Continued on the next page',
              fontSize: 8,
              color: MUTED,
              alignment: 'center',
              margin: [MARGIN, STUB_HEIGHT - 36, MARGIN, 2],
            },
            number,
          ],
        };
      }
      return { stack: [stub(d, w), { ...number, margin: [MARGIN, 4, MARGIN, 0] }] };
    },
    content: [
      header(d, w),
      rule(),
      { columns: [addressee(d), summary(d, w)], columnGap: 24 },
      ...activity(d, w),
      dueAndHowToPay(d, w),
    ],
  };
}

export function renderOwnerStatement(d: StatementDocument, createdAt?: Date): Promise<Buffer> {
  return renderFormPdf(statementContent(d), {
    title: `${d.association.name} — Statement ${d.statement.month} — Unit ${d.statement.unitNumber}`,
    author: d.association.name,
    createdAt,
  });
}

// The file's name: "statement-W-1-2026-03.pdf".
export function statementFileName(unitNumber: string, month: string): string {
  const unit = unitNumber.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'unit';
  return `statement-${unit}-${month}.pdf`;
}
