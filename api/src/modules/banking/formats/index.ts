// Bank statement files → normalized lines: OFX/QFX (1.x SGML and 2.x XML), CSV with a column
// mapping, ISO 20022 CAMT.053. Pure: no database. Every refusal is a typed BAD_USER_INPUT with
// per-field details (`file`, or `rows.<row>.<field>` for a line).
import { badInput, type FieldDetail } from '../../../core/errors/app-error.js';
import { parseCamt053 } from './camt.js';
import { csvPreview, guessCsvMapping, parseCsvStatement } from './csv.js';
import { parseOfx } from './ofx.js';
import type { CsvMapping, ParsedStatement, StatementFormat } from './types.js';

export type { CsvMapping, ParsedStatement, StatementFormat, StatementLine } from './types.js';
export { csvPreview, guessCsvMapping };

// What a file may hold before it is read at all.
export const MAX_LINE_CHARS = 64 * 1024;
export const MAX_TRANSACTIONS = 100_000;

function refuse(message: string): never {
  throw badInput([{ field: 'file', message }], message);
}

// Refusals that need no parsing: an empty or binary file, a line longer than any bank writes,
// XML declaring entities or a document type (the classic entity-expansion attacks).
function screen(text: string) {
  if (!text.trim()) refuse('The file is empty');
  // eslint-disable-next-line no-control-regex -- control characters are what a binary file holds
  if (/[\u0000-\u0008\u000E-\u001F]/.test(text.slice(0, 4096))) {
    refuse('This is not an OFX, QFX, CSV or CAMT.053 statement (it looks like a binary file)');
  }
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end - start > MAX_LINE_CHARS) {
      refuse(
        `A line of the file is longer than ${MAX_LINE_CHARS / 1024} KB; no bank statement has one`,
      );
    }
    start = end + 1;
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    refuse('Statement files with a document type or entity declarations are refused');
  }
}

export function detectFormat(fileName: string, text: string): StatementFormat | null {
  const head = text.slice(0, 4096);
  if (/OFXHEADER|<OFX>/i.test(head) || /\.(ofx|qfx|qbo)$/i.test(fileName)) return 'ofx';
  if (/camt\.053|<BkToCstmrStmt/i.test(head)) return 'camt053';
  if (/\.(csv|txt)$/i.test(fileName)) return 'csv';
  if (/^[^<{]*,/.test(head.split('\n')[0] ?? '')) return 'csv';
  return null;
}

export function parseStatement(
  text: string,
  format: StatementFormat,
  mapping?: CsvMapping | null,
): ParsedStatement {
  screen(text);
  let parsed: ParsedStatement;
  if (format === 'ofx') parsed = parseOfx(text);
  else if (format === 'camt053') parsed = parseCamt053(text);
  else {
    if (!mapping) {
      const message = "Map this bank's CSV columns first (date, description, amount)";
      throw badInput([{ field: 'mapping', message }], message);
    }
    parsed = parseCsvStatement(text, mapping);
  }
  if (parsed.lines.length > MAX_TRANSACTIONS) {
    refuse(`A statement holds at most ${MAX_TRANSACTIONS.toLocaleString('en-US')} lines`);
  }
  return parsed;
}

// Row problems, all at once (at most 100), as one refusal.
export function rowErrors(details: FieldDetail[]): never {
  const shown = details.slice(0, 100);
  throw badInput(
    shown,
    details.length === 1 ? details[0].message : `${details.length} lines of the file have problems`,
  );
}
