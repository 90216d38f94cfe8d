import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// WCAG 2 contrast of the sidebar's small text, computed from the colors the stylesheets set: a
// token change or a rule switched back to a faint color fails here (AA: 4.5:1 for normal text).
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const appCss = read('./app.css');
const sidebar = read('../layouts/AppSidebar.vue');

function token(name: string): string {
  const m = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})`).exec(appCss);
  if (!m?.[1]) throw new Error(`${name} not in app.css`);
  return m[1];
}

function colorOf(selector: string): string {
  const rule = new RegExp(`${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(sidebar);
  const value = /(?:^|;|\n)\s*color:\s*([^;]+);/.exec(rule?.[1] ?? '')?.[1]?.trim();
  if (!value) throw new Error(`no color for ${selector}`);
  const v = /^var\((--[\w-]+)\)$/.exec(value);
  return v?.[1] ? token(v[1]) : value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('sidebar text contrast', () => {
  it('computes WCAG ratios (known pairs)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#94a3b8', '#f8f9fb')).toBeCloseTo(2.43, 2);
  });

  it.each(['.nav-section__title', '.sidebar__version'])('%s reaches AA (4.5:1)', (selector) => {
    const ratio = contrast(colorOf(selector), token('--cv-sidebar'));
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});
