import type { Cents } from '../../core/money/money.js';

// The demo books' dice: mulberry32, a tiny seeded generator (no package in the tree does only
// this). The same seed gives the same sequence, so the same "today" always builds the same books.
// Never for anything secret. `fork` derives an independent stream per purpose (one per unit, one
// per month's bills), so a draw added in one place does not shift every figure after it.
export class DemoRandom {
  private state: number;
  // The seed it started from: forks derive from it, never from how far the stream has run.
  private readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    this.state = this.seed;
  }

  // A number in [0, 1).
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  // A whole number from min to max, both included.
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  // `base` cents moved by up to ± `spread` (0.1 = 10 %), to the cent.
  around(base: Cents, spread: number): Cents {
    return Math.max(0, Math.round(base * (1 + spread * (2 * this.next() - 1))));
  }

  // The same, to the whole dollar (contract and invoice amounts).
  aroundDollars(base: Cents, spread: number): Cents {
    return Math.round(this.around(base, spread) / 100) * 100;
  }

  // An independent stream named by `label` (FNV-1a of the label mixed with this seed).
  fork(label: string): DemoRandom {
    let h = 0x811c9dc5 ^ this.seed;
    for (let i = 0; i < label.length; i++) {
      h ^= label.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    return new DemoRandom(h >>> 0);
  }
}
