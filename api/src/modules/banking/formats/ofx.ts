// OFX and QFX bank statements, 1.x (SGML) and 2.x (XML).
//
// Which parser, and why: the npm OFX parsers were tried on real banks' quirks and none is fit to
// take uploads from anyone:
// - `ofx-js` (1.1.1) mends SGML with a regular expression that backtracks exponentially on a long
//   tag name: a 24-letter tag took a third of a second, each letter more doubles it, so a small
//   file can hold a request for hours;
// - `ofx-data-extractor` (1.5.0) rewrites the file into JSON text with regular expressions (a value
//   holding "&" or a quote breaks it), reads amounts as floats, and calls a DEBIT with a positive
//   amount money out;
// - `node-ofx-parser` has not been published since 2024 and pins fast-xml-parser 3.
// So 1.x is read by our own small tolerant reader (./sgml.ts: one linear pass, no backtracking),
// and 2.x by the maintained `fast-xml-parser` (pinned; documents declaring a type or entities are
// refused before any parsing, see index.ts). A file that says it is XML but is not well-formed (a
// bank's "2.x" writer that leaves tags open) is read as SGML.
//
// What real banks' files do, handled here:
// - the useful text in <NAME> (cut at 32 characters) or in <MEMO>, or both: one description, the
//   longer when one holds the other ("DUKE ENERGY" and "DUKE ENERGY PAYMENT PPD…"), else both
//   joined "NAME — MEMO"; neither: the transaction type ("Check"), else "Bank transaction";
// - the sign of <TRNAMT> is the rule, whatever <TRNTYPE> says: the OFX specification defines the
//   amount's sign as the direction, and some banks send a DEBIT or CHECK with a positive amount
//   that is, in their ledger, a credit (a returned check, a reversed fee); the type is not used;
// - amounts with a comma decimal ("-42,10"), a leading "+", trailing zero decimals ("42.1000");
// - dates with a time and a zone ("20261130120000.000[-5:EST]"): the calendar date as written,
//   the bank's local date, never shifted to UTC;
// - <LEDGERBAL> is the closing balance, <AVAILBAL> the available one; OFX has no opening balance;
// - a transaction of zero (some banks list "interest 0.00"): skipped, it moves no money;
// - lower-case tags, values with their end tags, empty values ("<MEMO>" with nothing after it);
// - refused with a message saying why: a credit-card or investment statement (CCSTMTRS,
//   INVSTMTRS: only bank accounts here), several accounts in one file, a file cut short, no
//   transactions, the bank's own error answer instead of a statement.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FieldDetail } from '../../../core/errors/app-error.js';
import { readSgml, SgmlError, type SgmlObject, type SgmlValue } from './sgml.js';
import type { ParsedStatement, StatementLine } from './types.js';
import {
  clean,
  decimalCents,
  isoDate,
  list,
  MAX_TRANSACTIONS,
  refuse,
  rowErrors,
  shown,
  tooMany,
} from './values.js';

type Node = SgmlObject;

const obj = (v: SgmlValue | undefined): Node | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
const objs = (v: SgmlValue | undefined): Node[] =>
  list(v).filter((x): x is Node => typeof x === 'object');
// A value: the first when a tag is repeated; a whole aggregate is no value.
const val = (v: SgmlValue | undefined): string | null => {
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' ? clean(first) : null;
};

// "20261130120000.000[-5:EST]" → "2026-11-30"; null when it is not a date.
export function ofxDate(v: string | null): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(v ?? '');
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function amountOf(v: string | null): number | null {
  const r = decimalCents(v);
  return 'cents' in r ? r.cents : null;
}

// The OFX transaction types, as a description when the bank gives no name and no memo.
const TYPES: Record<string, string> = {
  CREDIT: 'Credit',
  DEBIT: 'Debit',
  INT: 'Interest',
  DIV: 'Dividend',
  FEE: 'Fee',
  SRVCHG: 'Service charge',
  DEP: 'Deposit',
  ATM: 'ATM',
  POS: 'Point of sale',
  XFER: 'Transfer',
  CHECK: 'Check',
  PAYMENT: 'Payment',
  CASH: 'Cash withdrawal',
  DIRECTDEP: 'Direct deposit',
  DIRECTDEBIT: 'Direct debit',
  REPEATPMT: 'Repeating payment',
  HOLD: 'Hold',
};

// NAME and MEMO as one description.
export function describe(name: string | null, memo: string | null, type: string | null): string {
  if (name && memo) {
    const [a, b] = [name.toLowerCase(), memo.toLowerCase()];
    if (b.includes(a)) return memo;
    if (a.includes(b)) return name;
    return `${name} — ${memo}`;
  }
  return name ?? memo ?? TYPES[(type ?? '').toUpperCase()] ?? 'Bank transaction';
}

const XML_OPTIONS = {
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  transformTagName: (name: string) => name.toUpperCase(),
};

// The <OFX> element as objects: XML when the file says it is XML and is well-formed, else SGML.
function readOfx(source: string): Node {
  const start = source.search(/<ofx\s*>/i);
  if (start < 0) refuse('This is not an OFX or QFX file (it has no <OFX> element)');
  const header = source.slice(0, start);
  // Up to the last </OFX>: what a bank's software appends after it is not read.
  let end = source.length;
  const close = /<\/ofx\s*>/gi;
  for (let m = close.exec(source); m; m = close.exec(source)) end = m.index + m[0].length;
  const body = source.slice(start, end);
  if (/<\?(xml|ofx)\b/i.test(header) && XMLValidator.validate(body) === true) {
    try {
      const doc = new XMLParser(XML_OPTIONS).parse(body) as Node;
      const ofx = obj(doc.OFX);
      if (ofx) return ofx;
    } catch {
      // Read as SGML below.
    }
  }
  try {
    const ofx = obj(readSgml(body).OFX);
    if (!ofx) refuse('The OFX file holds no statement');
    return ofx;
  } catch (err) {
    if (err instanceof SgmlError) refuse(`The OFX file could not be read: ${err.message}`);
    throw err;
  }
}

export function parseOfx(source: string): ParsedStatement {
  // Counted before reading: a file of a million transactions is refused without building them.
  const opening = /<STMTTRN\s*>/gi;
  for (let count = 0; opening.exec(source);) {
    count += 1;
    if (count > MAX_TRANSACTIONS) tooMany();
  }
  const ofx = readOfx(source);
  if (ofx.CREDITCARDMSGSRSV1 !== undefined) {
    refuse('This is a credit card statement; only bank account statements are imported here');
  }
  if (ofx.INVSTMTMSGSRSV1 !== undefined) {
    refuse(
      'This is an investment account statement; only bank account statements are imported here',
    );
  }
  const responses = objs(ofx.BANKMSGSRSV1).flatMap((m) => objs(m.STMTTRNRS));
  if (!responses.length) refuse('The OFX file holds no bank statement (no BANKMSGSRSV1)');
  if (responses.length > 1) {
    refuse('The OFX file holds statements of several accounts; download one account at a time');
  }
  const st = obj(responses[0].STMTRS);
  if (!st) {
    const status = obj(responses[0].STATUS);
    const code = val(status?.CODE);
    if (code && code !== '0') {
      refuse(
        `The bank answered with an error instead of a statement: ${val(status?.MESSAGE) ?? `code ${code}`}`,
      );
    }
    refuse('The OFX file holds no bank statement (no STMTRS)');
  }
  const tranList = obj(st.BANKTRANLIST);
  const transactions = objs(tranList?.STMTTRN);
  if (!transactions.length) refuse('The statement holds no transactions');

  const errors: FieldDetail[] = [];
  const lines: StatementLine[] = [];
  transactions.forEach((t, i) => {
    const row = i + 1;
    const posted = val(t.DTPOSTED) ?? val(t.DTUSER);
    const date = ofxDate(posted);
    if (!date) {
      errors.push({
        field: `rows.${row}.date`,
        message: posted
          ? `Transaction ${row}: "${shown(posted)}" is not a date`
          : `Transaction ${row}: it has no date (DTPOSTED)`,
      });
    }
    const rawAmount = val(t.TRNAMT);
    const amount = decimalCents(rawAmount);
    if ('error' in amount) {
      errors.push({
        field: `rows.${row}.amount`,
        message: rawAmount
          ? `Transaction ${row}: ${amount.error}`
          : `Transaction ${row}: it has no amount (TRNAMT)`,
      });
      return;
    }
    if (amount.cents === 0 || !date) return;
    const name = val(t.NAME) ?? val(obj(t.PAYEE)?.NAME);
    const memo = val(t.MEMO);
    const type = val(t.TRNTYPE);
    lines.push({
      row,
      date,
      amount: amount.cents,
      description: describe(name, memo, type).slice(0, 500),
      payee: name ? name.slice(0, 200) : null,
      checkNumber:
        val(t.CHECKNUM)?.slice(0, 50) ??
        (type === 'CHECK' ? (val(t.REFNUM)?.slice(0, 50) ?? null) : null),
      bankId: val(t.FITID)?.slice(0, 255) ?? null,
    });
  });
  if (errors.length) rowErrors(errors, 'transactions');
  if (!lines.length) refuse('The statement holds no transactions (every amount is zero)');
  const ledger = obj(st.LEDGERBAL);
  return {
    format: 'ofx',
    accountNumber: val(obj(st.BANKACCTFROM)?.ACCTID),
    currency: val(st.CURDEF),
    periodStart: ofxDate(val(tranList?.DTSTART)),
    periodEnd: ofxDate(val(tranList?.DTEND)) ?? ofxDate(val(ledger?.DTASOF)),
    openingBalance: null,
    closingBalance: amountOf(val(ledger?.BALAMT)),
    availableBalance: amountOf(val(obj(st.AVAILBAL)?.BALAMT)),
    lines,
  };
}
