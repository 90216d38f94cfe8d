import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

// Debian's Chromium, never a downloaded browser build. CHROMIUM_PATH overrides the location.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Everything a page says went wrong: uncaught exceptions, console errors (a failed request, Vue)
 * and console warnings (Apollo's "unknown query in refetchQueries", cache misses). A journey
 * asserts the list empty after each test (`expectQuietConsole`), so a new warning fails it.
 */
export function watchConsole(page: Page, into: string[] = []): string[] {
  page.on('pageerror', (e) => into.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    const type = m.type();
    if (type === 'error' || type === 'warning') into.push(`${type}: ${m.text()}`);
  });
  return into;
}

/** Fails the test when the page logged anything (see watchConsole), and starts the next afresh. */
export function expectQuietConsole(problems: string[]): void {
  const seen = problems.splice(0);
  expect(seen, 'the browser console should stay quiet').toEqual([]);
}

/**
 * Fails when the page does not fit the screen's width: the document or the page's scroll area
 * (main) scrolls sideways, a page header overflows its box, or one of its buttons (or the phone's
 * top bar) sits past the screen's edge. Wide tables may scroll inside their own container; that
 * is not an overflow of the page.
 */
export async function expectFitsViewport(page: Page, what = page.url()): Promise<void> {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const root = document.documentElement;
    if (root.scrollWidth > width) found.push(`document is ${root.scrollWidth}px wide`);
    const main = document.getElementById('main');
    if (main && main.scrollWidth > main.clientWidth) {
      // Name the widest culprit so the report says whose it is (a table, a chart, a header).
      const wide = [...main.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.getBoundingClientRect().right > width + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
        .slice(0, 3);
      found.push(`main scrolls sideways (${main.scrollWidth}px > ${main.clientWidth}px): ${wide}`);
    }
    const headers = document.querySelectorAll<HTMLElement>(
      '.page-header, .page-header__actions, .top-bar',
    );
    for (const el of headers) {
      if (el.scrollWidth > el.clientWidth) {
        found.push(`${el.className} overflows (${el.scrollWidth}px > ${el.clientWidth}px)`);
      }
      for (const b of el.querySelectorAll<HTMLElement>('button, a, .p-button')) {
        const box = b.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue; // not rendered (a hidden file input)
        if (box.left < -0.5 || box.right > width + 0.5) {
          const name = b.getAttribute('aria-label') ?? b.textContent?.trim() ?? b.tagName;
          found.push(`"${name}" is outside the screen (${box.left}-${box.right} of ${width}px)`);
        }
      }
    }
    return found;
  });
  expect(problems, `${what} should fit a ${page.viewportSize()?.width}px screen`).toEqual([]);
}
