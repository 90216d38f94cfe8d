import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readSgml } from './sgml.js';
import { parseStatement } from './index.js';
it('bench', () => {
  const base = readFileSync(new URL('./fixtures/bofa-1x.ofx', import.meta.url), 'utf8');
  const trn = (i: number) =>
    `<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20261105120000.000[-5:EST]\n<TRNAMT>-${i + 1}.00\n<FITID>F${i}\n<NAME>PAYEE NUMBER ${i}\n<MEMO>SOME MEMO TEXT ${i}\n</STMTTRN>`;
  const n = 50000;
  const big = base.replace(/<BANKTRANLIST>[\s\S]*<\/BANKTRANLIST>/, `<BANKTRANLIST>\n${Array.from({ length: n }, (_, i) => trn(i)).join('\n')}\n</BANKTRANLIST>`);
  const body = big.slice(big.indexOf('<OFX>'));
  for (let k = 0; k < 2; k++) {
  let t = Date.now(); readSgml(body); console.log('readSgml', Date.now() - t);
  t = Date.now(); parseStatement(big, 'ofx'); console.log('full', Date.now() - t);
  const xml = body.replace(/<(\w+)>([^<\n]+)\n/g, '<$1>$2</$1>\n');
  t = Date.now(); XMLValidator.validate(xml); console.log('validate', Date.now() - t);
  t = Date.now(); new XMLParser({ ignoreAttributes: true, parseTagValue: false, processEntities: true, htmlEntities: true, transformTagName: (s: string) => s.toUpperCase() }).parse(xml); console.log('fxp', Date.now() - t);
  t = Date.now(); new XMLParser({ ignoreAttributes: true, parseTagValue: false, processEntities: false }).parse(xml); console.log('fxp plain', Date.now() - t);
  t = Date.now(); readSgml(xml); console.log('readSgml xml', Date.now() - t);
  }
}, 60000);
