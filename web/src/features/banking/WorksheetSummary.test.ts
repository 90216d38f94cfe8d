import { mount } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshPinia } from '@/test/mount';
import WorksheetSummary from './components/WorksheetSummary.vue';

const base = {
  periodStart: '2026-11-01',
  statementDate: '2026-11-30',
  openingBalance: '10000.00',
  closingBalance: '11141.06',
  clearedBalance: '11141.06',
  clearedDeposits: '1503.21',
  clearedPayments: '362.15',
  difference: '0.00',
};

function render(difference: string) {
  return mount(WorksheetSummary, {
    props: { worksheet: { ...base, difference } },
    global: { plugins: [freshPinia(), [PrimeVue, { unstyled: true }]] },
  });
}

describe('the worksheet summary', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows a difference of 0.00 balanced: green, with a check and the word', () => {
    const w = render('0.00');
    const figure = w.get('[data-testid="difference-figure"]');
    expect(w.get('[data-testid="difference"]').text()).toBe('$0.00');
    expect(figure.classes()).toContain('figure--balanced');
    expect(figure.find('.pi-check-circle').exists()).toBe(true);
    expect(w.get('[data-testid="difference-label"]').text()).toMatch(
      /^Balanced · Bank and books agree/,
    );
    expect(w.get('[data-testid="closing-balance"]').text()).toBe('$11,141.06');
    expect(w.get('[data-testid="cleared-balance"]').text()).toBe('$11,141.06');
    expect(w.text()).toContain('Statement Nov 1, 2026 – Nov 30, 2026');
    expect(w.text()).toContain('+$1,503.21 in');
  });

  it('shows an open difference with its sign, a warning icon and which side is short', () => {
    const short = render('-8.79');
    const figure = short.get('[data-testid="difference-figure"]');
    expect(short.get('[data-testid="difference"]').text()).toBe('-$8.79');
    expect(figure.classes()).toContain('figure--open');
    expect(figure.classes()).not.toContain('figure--balanced');
    expect(figure.find('.pi-exclamation-circle').exists()).toBe(true);
    expect(short.get('[data-testid="difference-label"]').text()).toBe(
      '-$8.79 to find · The books have cleared more than the bank shows',
    );

    const over = render('125.00');
    expect(over.get('[data-testid="difference"]').text()).toBe('$125.00');
    expect(over.get('[data-testid="difference-label"]').text()).toContain(
      'The bank shows more than the books have cleared',
    );
  });
});
