// The characters no text of ours may hold, wherever it comes from (a request, a CSV cell): C0
// control characters other than tab, line feed and carriage return, and DEL. PostgreSQL refuses
// NUL in text outright, and the others are invisible on every screen and in every report.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

// The first such character's code, or null when the text is clean.
export function controlCharacterIn(text: string): number | null {
  const found = CONTROL.exec(text);
  return found ? found[0].charCodeAt(0) : null;
}
