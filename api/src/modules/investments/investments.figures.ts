import { Decimal } from 'decimal.js';
import { daysBetween } from '../../core/dates.js';
import type { Total } from '../../core/money/money.js';
import { Compounding } from './investments.types.js';

// The interest arithmetic of investments: exact decimals (never a JavaScript float), rounded
// half-up to cents once, at the end.
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

// Interest earned on `principal` (cents) over `days` at an APY in percent ("4.5"):
//   compounding (daily, monthly, quarterly, annually): P · ((1 + APY)^(days/365) − 1)
//   simple (paid at maturity, no compounding):          P · APY · days / 365
// An APY is the effective yearly rate with its compounding already folded in, so the four
// compounding frequencies give the same figure; the frequency records when the bank credits the
// interest. Zero for no days.
export function interestFor(
  principal: Total,
  apy: string,
  days: number,
  compounding: Compounding,
): Total {
  if (days <= 0 || principal <= 0n) return 0n;
  const p = new D(principal.toString());
  const rate = new D(apy).div(100);
  const years = new D(days).div(365);
  const earned =
    compounding === Compounding.SIMPLE
      ? p.mul(rate).mul(years)
      : p.mul(rate.add(1).pow(years).sub(1));
  return BigInt(earned.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
}

export interface InvestmentTerms {
  principal: Total;
  apy: string;
  purchaseDate: string;
  maturityDate: string | null;
  compounding: Compounding;
}

// Interest earned from the purchase to a date, never past the maturity date.
export function interestEarnedTo(t: InvestmentTerms, on: string): Total {
  const end = t.maturityDate && t.maturityDate < on ? t.maturityDate : on;
  return interestFor(t.principal, t.apy, daysBetween(t.purchaseDate, end), t.compounding);
}

// Principal plus the interest of the whole term; null without a maturity date.
export function valueAtMaturity(t: InvestmentTerms): Total | null {
  if (!t.maturityDate) return null;
  return t.principal + interestEarnedTo(t, t.maturityDate);
}
