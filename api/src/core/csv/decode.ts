import { badInput } from '../errors/app-error.js';

// The text of an uploaded CSV file. Every import reads its bytes through here, so no import ever
// turns bytes it cannot read into U+FFFD and stores that in place of a name.
//
// The choice, in order:
// - a UTF-16 byte-order mark (Excel's "Unicode text"): decoded as UTF-16, strictly;
// - valid UTF-8, with or without a BOM: decoded as UTF-8 (the BOM dropped);
// - otherwise Windows-1252, what Excel writes as "CSV" on a Western-European or US Windows
//   (usually called Latin-1), when the bytes clearly are that: no byte Windows-1252 leaves
//   undefined, no UTF-8 sequence mixed in, and no run of three accented letters (the sign of
//   Cyrillic or Greek saved in their own code page, which would read as gibberish);
// - anything else is refused with a message naming what the file seems to be and how to save it.
// Other 8-bit code pages with Latin letters (Central-European Windows-1250, Mac Roman) cannot be
// told apart from Windows-1252 by their bytes; they are rare in the associations we serve.

const SAVE_AS_UTF8 = 'save it from the spreadsheet as "CSV UTF-8" and upload it again';

function refuse(message: string): never {
  throw badInput([{ field: 'file', message }], message);
}

function strict(encoding: string, bytes: Uint8Array): string | null {
  try {
    // ignoreBOM false (the default): a BOM of this encoding is dropped from the text.
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

// UTF-16 without a byte-order mark: NUL in every other byte, which is valid UTF-8 and would only
// show up later as control characters in every cell.
function looksLikeUtf16(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  let zeros = 0;
  for (const b of head) if (b === 0) zeros += 1;
  return head.length >= 4 && zeros * 4 >= head.length;
}

const UTF8_SEQUENCE =
  /[\u00c2-\u00df][\u0080-\u00bf]|[\u00e0-\u00ef][\u0080-\u00bf]{2}|[\u00f0-\u00f4][\u0080-\u00bf]{3}/;

// Windows-1252's characters for the bytes 0x80 to 0x9F, in order (a space where it has none);
// every other byte is the Latin-1 character of the same number. Spelled out because Node's
// TextDecoder reads "windows-1252" as plain Latin-1, turning these bytes into invisible C1 controls.
const CP1252_80_9F = '€ ‚ƒ„…†‡ˆ‰Š‹Œ Ž  ‘’“”•–—˜™š›œ žŸ';

function windows1252(bytes: Uint8Array): string | null {
  // Each byte as one character (Buffer's latin1 is ISO-8859-1 exactly).
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  // "Ã©": a whole UTF-8 sequence (lead and continuation bytes) — part of the file is UTF-8.
  if (UTF8_SEQUENCE.test(raw)) return null;
  let undefinedByte = false;
  const text = raw.replace(/[\u0080-\u009f]/g, (c) => {
    const mapped = CP1252_80_9F[c.charCodeAt(0) - 0x80];
    if (mapped === ' ') undefinedByte = true;
    return mapped;
  });
  if (undefinedByte) return null;
  // Three accented letters in a row: Cyrillic or Greek in their own code page, not Latin-1.
  if (/(?:(?!\p{ASCII})\p{L}){3,}/u.test(text)) return null;
  return text;
}

export function decodeCsv(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    const text = strict('utf-16le', bytes);
    if (text === null) refuse(`The file is not valid UTF-16 text; ${SAVE_AS_UTF8}`);
    return { text, encoding: 'UTF-16LE' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const text = strict('utf-16be', bytes);
    if (text === null) refuse(`The file is not valid UTF-16 text; ${SAVE_AS_UTF8}`);
    return { text, encoding: 'UTF-16BE' };
  }
  if (looksLikeUtf16(bytes)) {
    refuse(`The file looks like UTF-16 text without a byte-order mark; ${SAVE_AS_UTF8}`);
  }
  const utf8 = strict('utf-8', bytes);
  if (utf8 !== null) return { text: utf8, encoding: 'UTF-8' };
  const latin = windows1252(bytes);
  if (latin !== null) return { text: latin, encoding: 'Windows-1252' };
  return refuse(
    `The file is neither UTF-8 nor Windows-1252 (Latin-1) text, the encodings we read; ${SAVE_AS_UTF8}`,
  );
}
