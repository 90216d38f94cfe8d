// ISO 20022 CAMT.053 bank-to-customer statements (camt.053.001.02 to .001.08 and later: the parts
// read here did not change), read with the maintained `fast-xml-parser` (pinned): namespace
// prefixes dropped, attributes kept (the currency of an amount), values kept as text. Documents
// declaring a type or entities are refused before any parsing (index.ts), so only XML's own
// entities (&amp; …) are decoded.
//
// Read per entry (Ntry): Amt and CdtDbtInd (CRDT is money in, DBIT out); the booking date
// (BookgDt/Dt or DtTm, the date part as written; the value date when there is none); the bank's
// reference AcctSvcrRef, else NtryRef; the counterparty's name from NtryDtls/TxDtls/RltdPties (the
// debtor of money in, the creditor of money out) and the remittance text RmtInf/Ustrd, else
// AddtlNtryInf / AddtlTxInf. Entries still pending (Sts PDNG or INFO) are not booked: skipped, as
// are entries of zero. Balances (Bal) by their type code: OPBD opening (PRCD, the previous
// closing, when there is no OPBD), CLBD closing, CLAV closing available; DBIT makes one negative.
import { XMLParser } from 'fast-xml-parser';
import type { FieldDetail } from '../../../core/errors/app-error.js';
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

/* eslint-disable @typescript-eslint/no-explicit-any -- the parser answers loosely typed objects */

// Text of an element, or of an element with attributes ({ '#text': …, '@Ccy': … }).
const str = (v: unknown, max = 500): string | null => {
  if (Array.isArray(v)) return str(v[0], max);
  if (v != null && typeof v === 'object') return str((v as any)['#text'], max);
  return clean(v, max);
};

function dateOf(v: any): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(str(v?.Dt) ?? str(v?.DtTm) ?? '');
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function signed(amount: unknown, indicator: unknown): { cents: number } | { error: string } {
  const r = decimalCents(str(amount));
  if ('error' in r) return r;
  if (r.cents < 0) return { error: `"${shown(str(amount))}" is negative; the sign is CdtDbtInd` };
  const ind = str(indicator);
  if (ind !== 'CRDT' && ind !== 'DBIT') {
    return { error: `the credit or debit indicator is "${shown(ind)}", not CRDT or DBIT` };
  }
  return { cents: ind === 'DBIT' && r.cents !== 0 ? -r.cents : r.cents };
}

const name = (party: any): string | null => str(party?.Nm ?? party?.Pty?.Nm, 200);

export function parseCamt053(source: string): ParsedStatement {
  const entries = /<(?:[\w.-]+:)?Ntry[\s>]/g;
  for (let count = 0; entries.exec(source);) {
    count += 1;
    if (count > MAX_TRANSACTIONS) tooMany();
  }
  if (!/<(?:[\w.-]+:)?(?:Document|BkToCstmrStmt)\b/.test(source)) {
    refuse('This is not a CAMT.053 statement (it has no Document/BkToCstmrStmt element)');
  }
  let doc: any;
  try {
    doc = new XMLParser({
      removeNSPrefix: true,
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      ignoreDeclaration: true,
      ignorePiTags: true,
      processEntities: true,
      htmlEntities: false,
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: true,
    }).parse(source, true);
  } catch (err) {
    const why = (err as Error).message.split('\n')[0].slice(0, 120);
    refuse(`The CAMT.053 file is not well-formed XML (${why})`);
  }
  const root = doc?.Document;
  if (root?.BkToCstmrAcctRpt)
    refuse('This is an intraday account report (CAMT.052), not a statement');
  if (root?.BkToCstmrDbtCdtNtfctn) {
    refuse('This is a debit/credit notification (CAMT.054), not a statement');
  }
  const stmts = list(root?.BkToCstmrStmt?.Stmt);
  if (!stmts.length) refuse('This is not a CAMT.053 statement (it has no BkToCstmrStmt/Stmt)');
  if (stmts.length > 1) {
    refuse('The file holds several statements; download one account and one period at a time');
  }
  const st = stmts[0];
  const balance = (code: string): number | null => {
    const b = list(st.Bal).find((x: any) => str(x?.Tp?.CdOrPrtry?.Cd) === code);
    if (!b) return null;
    const r = signed(b.Amt, b.CdtDbtInd);
    if ('error' in r) refuse(`The ${code} balance cannot be read: ${r.error}`);
    return r.cents;
  };
  const ntries = list(st.Ntry);
  if (!ntries.length) refuse('The statement holds no entries');

  const errors: FieldDetail[] = [];
  const lines: StatementLine[] = [];
  ntries.forEach((n: any, i: number) => {
    const row = i + 1;
    const status = str(n?.Sts?.Cd) ?? str(n?.Sts);
    if (status === 'PDNG' || status === 'INFO') return;
    const date = dateOf(n?.BookgDt) ?? dateOf(n?.ValDt);
    if (!date) {
      errors.push({ field: `rows.${row}.date`, message: `Entry ${row}: it has no booking date` });
    }
    const amount = signed(n?.Amt, n?.CdtDbtInd);
    if ('error' in amount) {
      errors.push({ field: `rows.${row}.amount`, message: `Entry ${row}: ${amount.error}` });
      return;
    }
    if (!date || amount.cents === 0) return;
    const txs = list(n.NtryDtls).flatMap((d: any) => list(d?.TxDtls));
    const tx = txs[0] ?? {};
    const parties = tx.RltdPties ?? {};
    const payee = amount.cents < 0 ? name(parties.Cdtr) : name(parties.Dbtr);
    const remittance = txs
      .flatMap((t: any) => list(t?.RmtInf?.Ustrd).map((u) => str(u)))
      .filter(Boolean)
      .join(' ');
    const text = remittance || str(n.AddtlNtryInf) || str(tx.AddtlTxInf);
    lines.push({
      row,
      date,
      amount: amount.cents,
      description: ([payee, text].filter(Boolean).join(' — ') || 'Bank transaction').slice(0, 500),
      payee,
      checkNumber: str(tx.Refs?.ChqNb, 50),
      bankId: str(n.AcctSvcrRef, 255) ?? str(n.NtryRef, 255) ?? str(tx.Refs?.AcctSvcrRef, 255),
    });
  });
  if (errors.length) rowErrors(errors, 'entries');
  if (!lines.length) refuse('The statement holds no booked entries');
  const dates = lines.map((l) => l.date).sort();
  const period = (v: unknown) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(str(v) ?? '');
    return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  };
  return {
    format: 'camt053',
    accountNumber: str(st.Acct?.Id?.IBAN, 64) ?? str(st.Acct?.Id?.Othr?.Id, 64),
    currency: str(st.Acct?.Ccy, 3) ?? str(list(st.Bal)[0]?.Amt?.['@Ccy'], 3),
    periodStart: period(st.FrToDt?.FrDtTm) ?? dates[0],
    periodEnd: period(st.FrToDt?.ToDtTm) ?? dates[dates.length - 1],
    openingBalance: balance('OPBD') ?? balance('PRCD'),
    closingBalance: balance('CLBD'),
    availableBalance: balance('CLAV'),
    lines,
  };
}
