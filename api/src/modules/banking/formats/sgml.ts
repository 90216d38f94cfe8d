// A tolerant reader of OFX 1.x SGML into plain objects, in one linear pass (no regular expression
// runs over the document, so no input can make it backtrack).
//
// OFX 1.x leaves the end tag of a value off ("<TRNAMT>-42.10" then the next tag), closes
// aggregates ("</STMTTRN>"), and some banks close values too ("<NAME>x</NAME>"). The rules:
// - a tag followed by text is a value, whether or not its end tag follows (a stray end tag of a
//   value is ignored);
// - a tag followed by another tag opens an aggregate, closed by its end tag; an end tag closes
//   every aggregate opened inside it that was never closed: those were empty values ("<MEMO>"
//   with nothing after it), and what was read inside them belongs to their parent;
// - an end tag that closes nothing open is ignored;
// - tag names are read in upper case ("<ofx>" is "<OFX>"); comments, processing instructions and
//   declarations are skipped; the usual entities (&amp; &lt; &#233; …) are decoded, any other "&"
//   is kept as written ("AT&T").
// Objects are made without a prototype, so a tag named "__proto__" is only a name.

export type SgmlValue = string | SgmlObject | (string | SgmlObject)[];
export interface SgmlObject {
  [name: string]: SgmlValue;
}

interface Element {
  name: string;
  entries: { name: string; value: string | Element }[];
}

export class SgmlError extends Error {}

const MAX_DEPTH = 64;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,4});/gi, (all, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? all;
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : all;
  });
}

function toObject(el: Element): SgmlObject | string {
  if (!el.entries.length) return '';
  const obj: SgmlObject = Object.create(null) as SgmlObject;
  for (const { name, value } of el.entries) {
    const v = typeof value === 'string' ? value : toObject(value);
    const existing = obj[name];
    if (existing === undefined) obj[name] = v;
    else if (Array.isArray(existing)) existing.push(v);
    else obj[name] = [existing, v];
  }
  return obj;
}

// The document from its first tag on. Throws SgmlError when the document is cut short (an
// aggregate still open at the end) or nested deeper than any OFX file.
export function readSgml(body: string): SgmlObject {
  const root: Element = { name: '', entries: [] };
  const stack: Element[] = [root];
  const n = body.length;
  let i = 0;
  while (i < n) {
    const lt = body.indexOf('<', i);
    if (lt < 0) break;
    if (body.startsWith('<!--', lt)) {
      const end = body.indexOf('-->', lt + 4);
      if (end < 0) throw new SgmlError('a comment is never closed');
      i = end + 3;
      continue;
    }
    const gt = body.indexOf('>', lt + 1);
    if (gt < 0) throw new SgmlError('the last tag is cut short');
    const raw = body.slice(lt + 1, gt).trim();
    i = gt + 1;
    if (!raw || raw[0] === '?' || raw[0] === '!') continue;
    const top = stack[stack.length - 1];
    if (raw[0] === '/') {
      const name = raw.slice(1).trim().toUpperCase();
      let k = stack.length - 1;
      while (k > 0 && stack[k].name !== name) k -= 1;
      if (k === 0) continue;
      // Aggregates above the one closed were empty values: their contents move up a level.
      while (stack.length - 1 > k) {
        const el = stack.pop()!;
        const parent = stack[stack.length - 1];
        parent.entries[parent.entries.length - 1] = { name: el.name, value: '' };
        for (const entry of el.entries) parent.entries.push(entry);
      }
      stack.pop();
      continue;
    }
    const selfClosing = raw.endsWith('/');
    let end = 0;
    while (end < raw.length && raw.charCodeAt(end) > 32 && raw[end] !== '/') end += 1;
    const name = raw.slice(0, end).toUpperCase();
    if (!name) continue;
    if (selfClosing) {
      top.entries.push({ name, value: '' });
      continue;
    }
    let next = body.indexOf('<', i);
    if (next < 0) next = n;
    const text = body.slice(i, next).trim();
    if (text) {
      top.entries.push({ name, value: decodeEntities(text) });
      i = next;
      continue;
    }
    if (stack.length > MAX_DEPTH) throw new SgmlError('its elements are nested too deeply');
    const el: Element = { name, entries: [] };
    top.entries.push({ name, value: el });
    stack.push(el);
  }
  if (stack.length > 1) {
    throw new SgmlError(`it is cut short (<${stack[1].name}> is never closed)`);
  }
  const doc = toObject(root);
  return typeof doc === 'string' ? (Object.create(null) as SgmlObject) : doc;
}
