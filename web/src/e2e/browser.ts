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
