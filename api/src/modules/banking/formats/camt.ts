// ISO 20022 CAMT.053 (bank-to-customer statement, versions .001.02 to .001.08), read with the
// maintained `fast-xml-parser` (namespace prefixes removed, entities not expanded; documents
// declaring a type or entities are refused before parsing, see index.ts).
import { XMLParser } from 'fast-xml-parser';
import { badInput, type FieldDetail } from '../../../core/errors/app-error.js';
import type { ParsedStatement, StatementLine } from './types.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- the parser answers loosely typed objects */

function refuse(message: string): never {
  throw badInput([{ field: 'file', message }], message);
}

const list = <T>(v: T | T[] | undefined): T[] => (v == null ? [] : Array.isArray(v) ? v : [v]);
const str = (v: unknown): string | null => {
  if (v == null) return null;
  if (typeof v === 'object') return str((v as any)['#text']);
  const s = String(v).replace(/\s+/g, ' ').trim();
  return s || null;
};

// "1234.56" (an XML decimal: a point, up to five decimals for some currencies, two for ours).
function cents(v: unknown): number | null {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(str(v) ?? '');
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

const dateOf = (v: any): string | null => {
  const s = str(v?.Dt) ?? str(v?.DtTm);
  return s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
};

const signed = (amount: number | null, indicator: unknown) =>
  amount === null ? null : str(indicator) === 'DBIT' ? -amount : amount;

export function parseCamt053(source: string): ParsedStatement {
  let doc: any;
  try {
    doc = new XMLParser({
      removeNSPrefix: true,
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      processEntities: false,
      parseTagValue: false,
    }).parse(source, true);
  } catch (err) {
    refuse(
      `The CAMT.053 file is not well-formed XML (${(err as Error).message.split('\n')[0].slice(0, 120)})`,
    );
  }
  const stmts = list(doc?.Document?.BkToCstmrStmt?.Stmt);
  if (!stmts.length) refuse('This is not a CAMT.053 statement (no BkToCstmrStmt/Stmt)');
  if (stmts.length > 1) refuse('The file holds several statements; import one account at a time');
  const st = stmts[0];
  const balance = (code: string) => {
    const b = list(st.Bal).find((x: any) => str(x?.Tp?.CdOrPrtry?.Cd) === code);
    return b ? signed(cents(b.Amt), b.CdtDbtInd) : null;
  };
  const errors: FieldDetail[] = [];
  const lines: StatementLine[] = list(st.Ntry).map((n: any, i: number) => {
    const row = i + 1;
    const date = dateOf(n.BookgDt) ?? dateOf(n.ValDt);
    const amount = signed(cents(n.Amt), n.CdtDbtInd);
    if (!date) errors.push({ field: `rows.${row}.date`, message: `Entry ${row}: no booking date` });
    if (!amount)
      errors.push({
        field: `rows.${row}.amount`,
        message: `Entry ${row}: "${str(n.Amt) ?? ''}" is not an amount`,
      });
    const tx = list(n.NtryDtls?.TxDtls)[0] ?? {};
    const parties = tx.RltdPties ?? {};
    const payee =
      str(
        amount && amount < 0
          ? (parties.Cdtr?.Nm ?? parties.Cdtr?.Pty?.Nm)
          : (parties.Dbtr?.Nm ?? parties.Dbtr?.Pty?.Nm),
      ) ?? null;
    const remittance = list(tx.RmtInf?.Ustrd).map(str).filter(Boolean).join(' ');
    const description =
      [payee, remittance || str(n.AddtlNtryInf)].filter(Boolean).join(' — ') || 'Bank transaction';
    return {
      row,
      date: date ?? '',
      amount: amount ?? 0,
      description: description.slice(0, 500),
      payee,
      checkNumber: str(tx.Refs?.ChqNb),
      bankId: str(n.AcctSvcrRef) ?? str(n.NtryRef) ?? str(tx.Refs?.AcctSvcrRef),
    };
  });
  if (errors.length) {
    throw badInput(
      errors.slice(0, 100),
      errors.length === 1 ? errors[0].message : `${errors.length} problems in the file's entries`,
    );
  }
  const dates = lines.map((l) => l.date).sort();
  return {
    format: 'camt053',
    accountNumber: str(st.Acct?.Id?.IBAN) ?? str(st.Acct?.Id?.Othr?.Id),
    currency: str(st.Acct?.Ccy) ?? str(list(st.Bal)[0]?.Amt?.['@Ccy']),
    periodStart: str(st.FrToDt?.FrDtTm)?.slice(0, 10) ?? dates[0] ?? null,
    periodEnd: str(st.FrToDt?.ToDtTm)?.slice(0, 10) ?? dates[dates.length - 1] ?? null,
    openingBalance: balance('OPBD') ?? balance('PRCD'),
    closingBalance: balance('CLBD'),
    availableBalance: balance('CLAV'),
    lines,
  };
}
