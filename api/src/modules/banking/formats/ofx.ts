// OFX and QFX statements, 1.x (SGML: values without closing tags) and 2.x (XML), read by the
// maintained `ofx-js` parser (MIT; no dependencies; it tries XML first and mends SGML's missing
// closing tags). `ofx-data-extractor` was tried too and failed on a value holding "&" and on
// comma decimals. What real banks' files do that the parser leaves to us, handled here:
// - the useful text in <NAME> (cut at 32 characters) or in <MEMO>, or both: joined, never doubled;
// - amounts with a comma decimal ("-42,10") or a leading "+";
// - a DEBIT, CHECK or PAYMENT with a positive <TRNAMT>: the sign in the file is the rule (OFX
//   says so), whatever the type;
// - dates with a time and a zone ("20261130120000.000[-5:EST]"): the calendar date written;
// - <LEDGERBAL> is the statement's closing balance, <AVAILBAL> only the available one;
// - several statements in one file (rare): refused, one account per import;
// - a credit-card statement (CCSTMTRS): refused, only bank accounts.
import { parseSync } from 'ofx-js';
import { parseAmount } from '../../../core/csv/amounts.js';
import { badInput, type FieldDetail } from '../../../core/errors/app-error.js';
import type { ParsedStatement, StatementLine } from './types.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- the parser answers loosely typed objects */

function refuse(message: string): never {
  throw badInput([{ field: 'file', message }], message);
}

const text = (v: unknown): string | null => {
  if (v == null || typeof v === 'object') return null;
  const s = String(v).replace(/\s+/g, ' ').trim();
  return s || null;
};

// "20261130120000.000[-5:EST]" → "2026-11-30"; null when it is not a date.
export function ofxDate(v: unknown): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(text(v) ?? '');
  if (!m) return null;
  const [, y, mo, d] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return null;
  return `${y}-${mo}-${d}`;
}

function cents(v: unknown): number | null {
  const s = text(v)?.replace(/^\+/, '');
  if (!s) return null;
  const cell = parseAmount(s);
  return cell.error ? null : cell.cents;
}

const list = <T>(v: T | T[] | undefined): T[] => (v == null ? [] : Array.isArray(v) ? v : [v]);

// NAME and MEMO as one description: the longer one when one holds the other.
function describe(name: string | null, memo: string | null, type: string | null): string {
  if (name && memo) {
    const [a, b] = [name.toLowerCase(), memo.toLowerCase()];
    if (b.includes(a)) return memo;
    if (a.includes(b)) return name;
    return `${name} — ${memo}`;
  }
  return name ?? memo ?? (type ? `${type[0]}${type.slice(1).toLowerCase()}` : 'Bank transaction');
}

export function parseOfx(source: string): ParsedStatement {
  if (!/<OFX>/i.test(source)) refuse('This is not an OFX or QFX file (no <OFX> element)');
  let ofx: any;
  try {
    // The parser looks for "<OFX>" as written; some banks write it in lower case.
    ofx = parseSync(source.replace(/<(\/?)ofx>/gi, '<$1OFX>')).OFX;
  } catch {
    refuse('The OFX file could not be read: it is cut short or its elements do not nest');
  }
  if (!ofx || typeof ofx !== 'object') refuse('The OFX file holds no statement');
  if (ofx.CREDITCARDMSGSRSV1) {
    refuse('This is a credit card statement; import a bank account statement');
  }
  const responses = list(ofx.BANKMSGSRSV1?.STMTTRNRS);
  if (!responses.length) refuse('The OFX file holds no bank statement (BANKMSGSRSV1)');
  if (responses.length > 1)
    refuse('The OFX file holds several statements; import one account at a time');
  const status = responses[0].STATUS;
  if (status && text(status.CODE) && text(status.CODE) !== '0') {
    refuse(
      `The bank answered with an error (${text(status.MESSAGE) ?? `code ${text(status.CODE)}`})`,
    );
  }
  const st = responses[0].STMTRS;
  if (!st) refuse('The OFX file holds no bank statement (STMTRS)');
  const tranList = st.BANKTRANLIST ?? {};
  const errors: FieldDetail[] = [];
  const lines: StatementLine[] = list(tranList.STMTTRN).map((t: any, i: number) => {
    const row = i + 1;
    const date = ofxDate(t.DTPOSTED) ?? ofxDate(t.DTUSER);
    const amount = cents(t.TRNAMT);
    if (!date) {
      errors.push({
        field: `rows.${row}.date`,
        message: `Transaction ${row}: "${text(t.DTPOSTED) ?? ''}" is not a date`,
      });
    }
    if (amount === null) {
      errors.push({
        field: `rows.${row}.amount`,
        message: `Transaction ${row}: "${text(t.TRNAMT) ?? ''}" is not an amount`,
      });
    } else if (amount === 0) {
      errors.push({
        field: `rows.${row}.amount`,
        message: `Transaction ${row}: the amount is zero`,
      });
    }
    const name = text(t.NAME) ?? text(t.PAYEE?.NAME);
    const memo = text(t.MEMO);
    return {
      row,
      date: date ?? '',
      amount: amount ?? 0,
      description: describe(name, memo, text(t.TRNTYPE)).slice(0, 500),
      payee: name,
      checkNumber: text(t.CHECKNUM) ?? text(t.REFNUM),
      bankId: text(t.FITID),
    };
  });
  if (errors.length) {
    throw badInput(
      errors.slice(0, 100),
      errors.length === 1
        ? errors[0].message
        : `${errors.length} problems in the file's transactions`,
    );
  }
  return {
    format: 'ofx',
    accountNumber: text(st.BANKACCTFROM?.ACCTID),
    currency: text(st.CURDEF),
    periodStart: ofxDate(tranList.DTSTART),
    periodEnd: ofxDate(tranList.DTEND) ?? ofxDate(st.LEDGERBAL?.DTASOF),
    openingBalance: null,
    closingBalance: cents(st.LEDGERBAL?.BALAMT),
    availableBalance: cents(st.AVAILBAL?.BALAMT),
    lines,
  };
}
