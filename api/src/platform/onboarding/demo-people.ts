import type { DemoRandom } from './demo-random.js';

// Owners of the demo units: made-up names, example.com addresses (reserved, never delivered) and
// 555-01xx numbers (reserved for fiction).

const FIRST = [
  'Avery',
  'Jordan',
  'Maria',
  'David',
  'Priya',
  'Samuel',
  'Grace',
  'Hiroshi',
  'Elena',
  'Marcus',
  'Olivia',
  'Daniel',
  'Fatima',
  'Thomas',
  'Chloe',
  'Andre',
  'Nora',
  'Victor',
  'Leah',
  'Gabriel',
  'Rosa',
  'Kevin',
  'Hannah',
  'Omar',
  'Julia',
  'Patrick',
  'Mei',
  'Robert',
  'Sofia',
  'Ethan',
  'Amara',
  'Lucas',
  'Ingrid',
  'Carlos',
  'Naomi',
  'Peter',
  'Aisha',
  'Henry',
  'Lily',
  'Diego',
  'Claire',
  'Ravi',
  'Beatrice',
  'Owen',
  'Yuki',
  'Frank',
  'Zoe',
  'Isaac',
];

const LAST = [
  'Nguyen',
  'Patel',
  'Garcia',
  'Kowalczyk',
  'Okafor',
  'Chen',
  'Lindqvist',
  'Romero',
  'Brennan',
  'Haddad',
  'Fischer',
  'Morales',
  'Sato',
  'Whitfield',
  'Adeyemi',
  'Castillo',
  'Murphy',
  'Novak',
  'Ibrahim',
  'Larsen',
  'Delgado',
  'Thompson',
  'Kim',
  'Russo',
  'Bergstrom',
  'Mensah',
  'Alvarez',
  'Hughes',
  'Tanaka',
  'Silva',
  'Oconnell',
  'Petrov',
  'Rahman',
  'Walsh',
  'Dubois',
  'Greene',
  'Yilmaz',
  'Hart',
  'Costa',
  'Moreau',
  'Quinn',
  'Schneider',
  'Abbott',
  'Reyes',
  'Lopez',
];

export interface DemoOwner {
  ownerName: string;
  email: string;
  phone: string;
}

// `count` owners with distinct names.
export function demoOwners(rng: DemoRandom, count: number): DemoOwner[] {
  const taken = new Set<string>();
  const out: DemoOwner[] = [];
  while (out.length < count) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    const name = `${first} ${last === 'Oconnell' ? "O'Connell" : last}`;
    if (taken.has(name)) continue;
    taken.add(name);
    out.push({
      ownerName: name,
      email: `${first}.${last}@example.com`.toLowerCase(),
      phone: `555-01${String(rng.int(0, 99)).padStart(2, '0')}`,
    });
  }
  return out;
}
