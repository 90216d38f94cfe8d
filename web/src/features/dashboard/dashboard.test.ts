import { describe, expect, it } from 'vitest';
import { attentionLink, booksAreEmpty, budgetShare, sparkline } from './dashboard';
import type { Dashboard } from './dashboard.graphql';
import { dashboardFixture, emptyDashboardFixture } from './dashboardFixtures';

const point = (date: string, balance: string) => ({ date, balance });

describe('dashboard helpers', () => {
  it('draws the trend inside the box, highest at the top, with zero marked when crossed', () => {
    const s = sparkline(
      [point('2026-01-31', '100.00'), point('2026-02-28', '-100.00'), point('2026-03-31', '0.00')],
      100,
      50,
    );
    expect(s.points.map((p) => [p.x, p.y])).toEqual([
      [3, 3],
      [50, 47],
      [97, 25],
    ]);
    expect(s.line).toBe('M3.0,3.0 L50.0,47.0 L97.0,25.0');
    expect(s.zeroY).toBe(25);
    // A flat series (all zero) runs through the middle; nothing crosses zero.
    const flat = sparkline([point('2026-01-31', '0.00'), point('2026-02-28', '0.00')], 100, 50);
    expect(flat.points.map((p) => p.y)).toEqual([25, 25]);
    expect(flat.zeroY).toBeNull();
  });

  it('fills a budget bar by the share spent, full past the budget', () => {
    expect(budgetShare({ budget: '4000.00', actual: '1000.00' })).toBe(25);
    expect(budgetShare({ budget: '4000.00', actual: '5080.00' })).toBe(100);
    expect(budgetShare({ budget: '0.00', actual: '10.00' })).toBe(100);
    expect(budgetShare({ budget: '0.00', actual: '0.00' })).toBe(0);
    expect(budgetShare({ budget: '100.00', actual: '-5.00' })).toBe(0);
  });

  it('turns a route hint into a location, or nothing for a page this app lacks', () => {
    const known = (name: string) => name !== 'no-such-page';
    const [negative, , newer] = dashboardFixture().attention;
    expect(attentionLink(negative!, known)).toEqual({
      name: 'account-ledger',
      params: { id: 'acc-1020' },
      query: { to: '2026-04-20' },
    });
    expect(attentionLink(newer!, known)).toBeNull();
  });

  it('calls the books empty only when no tile has anything to show', () => {
    expect(booksAreEmpty(emptyDashboardFixture() as unknown as Dashboard)).toBe(true);
    expect(booksAreEmpty(dashboardFixture() as unknown as Dashboard)).toBe(false);
    const billing = emptyDashboardFixture();
    billing.receivables.billing = true;
    expect(booksAreEmpty(billing as unknown as Dashboard)).toBe(false);
  });
});
