// Bank statement files → normalized lines: OFX/QFX (1.x SGML and 2.x XML), CSV with a column
// mapping, ISO 20022 CAMT.053. Pure: no database, no clock, no network.
//
// Every refusal is a typed BAD_USER_INPUT (badInput) with field details: `file` for the file as a
// whole, `mapping.<key>` for a CSV mapping that cannot be used, `rows.<row>.<date|amount|
// description>` for a line (every line's problems at once, at most 100 details).
//
// What no file gets past, before any parsing: an empty file; a binary one (a PDF, a spreadsheet,
// an image); a line longer than 64 KB; for XML and OFX, a document type or entity declaration
// (entity expansion and external entities). Each reader then refuses a file of more than 100,000
// transactions by counting them before building them, and a statement without transactions.
import { badInput } from '../../../core/errors/app-error.js';
import { parseCamt053 } from './camt.js';
import { csvPreview, guessCsvMapping, parseCsvStatement } from './csv.js';
import { parseOfx } from './ofx.js';
import type { CsvMapping, ParsedStatement, StatementFormat } from './types.js';
import { MAX_LINE_CHARS, refuse } from './values.js';

export type { CsvMapping, ParsedStatement, StatementFormat, StatementLine } from './types.js';
export { MAX_LINE_CHARS, MAX_TRANSACTIONS } from './values.js';
export { csvPreview, guessCsvMapping };

const NOT_A_STATEMENT = 'This is not an OFX, QFX, CSV or CAMT.053 statement file';

// A binary file read as text: control characters, or many U+FFFD where bytes were not text.
function binaryKind(text: string): string | null {
  const head = text.slice(0, 65_536);
  if (head.startsWith('%PDF')) return 'a PDF';
  if (head.startsWith('PK\u0003\u0004')) return 'a spreadsheet or a zip archive';
  // eslint-disable-next-line no-control-regex -- control characters are what a binary file holds
  if (/[\u0000-\u0008\u000E-\u0019\u001B-\u001F\u007F]/.test(head)) return 'a binary file';
  let bad = 0;
  for (let i = head.indexOf('\uFFFD'); i >= 0; i = head.indexOf('\uFFFD', i + 1)) bad += 1;
  return bad > 8 && bad * 50 > head.length ? 'a binary file' : null;
}

function screen(text: string, format: StatementFormat) {
  if (!text.replace(/^\uFEFF/, '').trim()) refuse('The file is empty');
  const kind = binaryKind(text);
  if (kind) {
    refuse(
      `${NOT_A_STATEMENT} (it looks like ${kind}); download the statement from the bank as OFX, QFX, CSV or CAMT.053`,
    );
  }
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end - start > MAX_LINE_CHARS) {
      refuse(
        `A line of the file is longer than ${MAX_LINE_CHARS / 1024} KB; no bank statement has one`,
      );
    }
    start = end + 1;
  }
  if (format !== 'csv' && /<!DOCTYPE|<!ENTITY/i.test(text)) {
    refuse('Statement files declaring a document type or entities are refused');
  }
}

// The format from the content first, then the file name; null when it is none of them.
export function detectFormat(fileName: string, text: string): StatementFormat | null {
  const head = text.slice(0, 8192).replace(/^\uFEFF/, '');
  if (!head.trim() || binaryKind(head)) return null;
  if (/^\s*OFXHEADER\s*:|<\?OFX\b|<OFX\s*>/i.test(head)) return 'ofx';
  if (/camt\.053\.|<(?:[\w.-]+:)?BkToCstmrStmt\b/.test(head)) return 'camt053';
  const name = fileName.toLowerCase();
  if (/\.(ofx|qfx|qbo)$/.test(name)) return 'ofx';
  if (/^\s*</.test(head))
    return /\.xml$/.test(name) && /<(?:[\w.-]+:)?Document\b/.test(head) ? 'camt053' : null;
  if (/\.(csv|txt|tsv)$/.test(name)) return 'csv';
  // Text whose first line splits into columns.
  const first = head.split(/\r\n|\n|\r/).find((l) => l.trim()) ?? '';
  return /[,;\t|]/.test(first) ? 'csv' : null;
}

export function parseStatement(
  text: string,
  format: StatementFormat,
  mapping?: CsvMapping | null,
): ParsedStatement {
  screen(text, format);
  if (format === 'ofx') return parseOfx(text);
  if (format === 'camt053') return parseCamt053(text);
  if (format === 'csv') {
    if (!mapping) {
      const message = "Map this bank's CSV columns first (date, description, amount)";
      throw badInput([{ field: 'mapping', message }], message);
    }
    return parseCsvStatement(text, mapping);
  }
  return refuse(`${NOT_A_STATEMENT} (unknown format "${String(format).slice(0, 20)}")`, 'format');
}
