// Files the compiled API reads beside its code, which tsc does not copy: the checks' MICR font
// (with its licence and source). `npm run build -w api` runs it after tsc.
import { cpSync } from 'node:fs';

const ASSETS = ['src/modules/payables/micr'];

for (const dir of ASSETS) {
  cpSync(new URL(`../${dir}`, import.meta.url), new URL(`../dist/api/${dir}`, import.meta.url), {
    recursive: true,
  });
}
