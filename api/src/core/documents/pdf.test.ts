import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf.js';
import { money, moneyTable, type Row, section, tableOfContents } from './tables.js';

// The engine, read back by poppler (pdfinfo, pdftotext, pdftoppm) as a reader's viewer would.
const dir = mkdtempSync(join(tmpdir(), 'covenant-pdf-'));
function save(name: string, bytes: Buffer) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}
const pages = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
const text = (file: string, page: number) =>
  execFileSync('pdftotext', ['-layout', '-f', `${page}`, '-l', `${page}`, file, '-'], {
    encoding: 'utf8',
  });

describe('the PDF engine', () => {
  it('writes money as the reports do: parentheses for negatives, exact past 2^53 cents', () => {
    expect(money(123456n)).toBe('$1,234.56');
    expect(money(-5n)).toBe('($0.05)');
    expect(money(0n)).toBe('$0.00');
    expect(money(123456789012345678901n)).toBe('$1,234,567,890,123,456,789.01');
    expect(money(null)).toBe('');
  });

  it('lays a 300-page table with its header on every page, the frame, and a table of contents', async () => {
    const rows: Row[] = [];
    for (let i = 0; i < 12_000; i++) {
      rows.push({
        cells: [`Line ${i}`, BigInt(i * 137 - 50_000), BigInt(-i), BigInt(i * 137 - 50_000 - i)],
      });
    }
    rows.push({ cells: ['Total', 1n, 2n, 3n], kind: 'total' });
    const bytes = await renderPdf(
      [
        { text: 'Maple Ridge HOA', style: 'cover' },
        tableOfContents(),
        ...section('General ledger', [
          moneyTable({
            columns: [
              { header: 'Line' },
              { header: 'Operating', kind: 'money' },
              { header: 'Reserve', kind: 'money' },
              { header: 'Total', kind: 'money' },
            ],
            rows,
          }),
        ]),
      ],
      { association: 'Maple Ridge HOA', title: 'Board packet', period: 'March 2026', draft: true },
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const file = save('long.pdf', bytes);
    const n = pages(file);
    expect(n).toBeGreaterThanOrEqual(300);

    // The cover names the contents, with the page the ledger starts on.
    expect(text(file, 1)).toMatch(/Contents[\s\S]*General ledger\s+2/);
    // A page deep inside: the frame and the repeated header row, and rows in order.
    const middle = text(file, 150);
    expect(middle).toContain('Maple Ridge HOA');
    expect(middle).toContain('Board packet · March 2026');
    expect(middle).toContain('DRAFT');
    expect(middle).toContain(`Page 150 of ${n}`);
    expect(middle).toMatch(/Line\s+Operating\s+Reserve\s+Total/);
    const numbers = [...middle.matchAll(/Line (\d+)\s/g)].map((m) => Number(m[1]));
    expect(numbers.length).toBeGreaterThan(30);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
    // The last page ends with the total.
    expect(text(file, n)).toMatch(/Total\s+\$0\.01\s+\$0\.02\s+\$0\.03/);
    // The page renders as an image (the font is embedded: nothing is substituted).
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/Roboto/);
    expect(
      fonts
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .every((l) => /\byes\b/.test(l)),
    ).toBe(true);
    execFileSync('pdftoppm', ['-png', '-r', '30', '-f', '150', '-l', '150', file, join(dir, 'p')]);
  }, 120_000);

  it('marks no draft on an approved document', async () => {
    const file = save(
      'final.pdf',
      await renderPdf(moneyTable({ columns: [{ header: 'A' }], rows: [], empty: 'Nothing' }), {
        association: 'Harbor Point',
        title: 'Board packet',
        period: 'February 2026',
      }),
    );
    const page = text(file, 1);
    expect(page).not.toContain('DRAFT');
    expect(page).toContain('Nothing');
    expect(page).toContain('Page 1 of 1');
  });
});
