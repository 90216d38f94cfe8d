// The first-sign-in tour: one stop per part of the sidebar a volunteer treasurer needs first, then
// a closing word on where to see it again. Each `anchor` is the `data-tour` of a sidebar item
// (layouts/navigation.ts), so a renamed label never breaks the tour. Plain text only: driver.js
// sets these as HTML.

export interface TourStep {
  title: string;
  description: string;
  /** On a phone the sidebar is a closed drawer, so the steps are read without it. */
  phoneDescription?: string;
  /** The sidebar item's `data-tour`; null for a step with nothing to point at. */
  anchor: string | null;
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    title: 'Dashboard',
    description:
      'Your association at a glance: cash, what owners owe and anything that needs your attention. A good place to start each visit.',
    phoneDescription:
      'Your association at a glance: cash, what owners owe and anything that needs your attention. Every page in this tour is in the menu at the top left.',
    anchor: 'dashboard',
  },
  {
    title: 'Accounts',
    description:
      'The chart of accounts: bank accounts, income and expenses, kept in separate operating and reserve funds. Open an account to see every entry and its running balance.',
    anchor: 'accounts',
  },
  {
    title: 'Assessments',
    description:
      'Set the dues for each group of units and bill the owners. Units, invoices and late fees sit in this section too, so you can see who is behind.',
    anchor: 'assessments',
  },
  {
    title: 'Transactions',
    description:
      'Every entry in the books, such as checks written and deposits made. A posted entry is never edited, only reversed, so the history always adds up.',
    anchor: 'transactions',
  },
  {
    title: 'Budgets',
    description:
      'Plan the year line by line, or import it from a spreadsheet. The reports then show how actual income and spending compare.',
    anchor: 'budgets',
  },
  {
    title: 'Reports',
    description:
      'Balance sheet, income statement, budget vs actual, aging and more, ready for the board meeting. Each one prints cleanly and exports to CSV.',
    anchor: 'reports',
  },
  {
    title: 'AI Investment Planning',
    description:
      'Suggestions for putting idle reserve cash to work, such as CDs or Treasuries, while keeping enough on hand for upcoming bills. You decide what, if anything, to act on.',
    anchor: 'ai-planning',
  },
  {
    title: 'You are all set',
    description:
      'That is the tour. To see it again, open the menu under your name at the bottom of the sidebar and choose Replay the tour.',
    phoneDescription:
      'That is the tour. To see it again, open the menu at the top left, tap your name at the bottom and choose Replay the tour.',
    anchor: null,
  },
];

/** The CSS selector of a step's sidebar item. */
export function anchorSelector(anchor: string): string {
  return `[data-tour="${anchor}"]`;
}
