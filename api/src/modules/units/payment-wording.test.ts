import { describe, expect, it } from 'vitest';
import { paymentMeans } from './payment-wording.js';

describe('a payment in words', () => {
  it('says the method once, however the reference was typed', () => {
    const cases: [string | null, string | null, string | null][] = [
      ['check', '3512', 'check 3512'],
      ['check', 'Check 3512', 'check 3512'],
      ['check', 'CHECK #3512', 'check 3512'],
      ['check', 'Cheque no. 3512', 'check 3512'],
      ['check', 'Check', 'check'],
      ['check', '  ', 'check'],
      ['check', 'Checkbook 12', 'check Checkbook 12'],
      ['ach', 'Ref: 88812', 'ACH ref 88812'],
      ['ach', 'EFT trace 0042', 'ACH ref 0042'],
      ['ach', 'Autopay', 'ACH (Autopay)'],
      ['card', 'Card ref 4242', 'card ref 4242'],
      ['cash', 'Receipt 17', 'cash, ref Receipt 17'],
      ['cash', null, 'cash'],
      ['other', 'Zelle', 'Zelle'],
      ['other', 'ref 991', 'ref 991'],
      ['other', null, null],
      ['opening_credit', null, null],
    ];
    for (const [method, reference, said] of cases) {
      expect(paymentMeans(method, reference), `${method} ${reference}`).toBe(said);
    }
  });
});
