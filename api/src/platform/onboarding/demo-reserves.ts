import { $ } from './demo-books.js';
import type { DemoBooks } from './demo-books.js';
import {
  createReserveComponent,
  ReserveCategory as C,
  type ReserveComponentInput,
} from '../../modules/reserves/index.js';

// Maple Ridge's reserve study: the common elements the reserve fund (1510 Reserve Money Market)
// replaces, priced as a reserve specialist would for 120 homes with a clubhouse, a pool, the
// Ridgeview Terrace townhomes and the Ridge Commons condominium building. Ages are counted back
// from the current fiscal year, so the study reads the same whenever the demo is built; with the
// ledger's reserve balance it lands in the "fair" band (about half funded). The clubhouse roof and
// the sealcoating are the reserve projects the books already paid for: placed in service in those
// fiscal years.

interface DemoComponent {
  name: string;
  category: C;
  quantity?: string;
  unit?: string;
  life: number;
  // Years since placed in service (current fiscal year − placed), or the placed year itself.
  age?: number;
  placed?: number;
  cost: number;
  notes?: string;
}

export async function mapleRidgeReserves(
  b: DemoBooks,
  done: { roofFiscalYear: number; sealcoatFiscalYear: number },
): Promise<void> {
  const components: DemoComponent[] = [
    {
      name: 'Streets: asphalt mill and overlay',
      category: C.PAVING,
      quantity: '14500',
      unit: 'sq yd',
      life: 25,
      age: 17,
      cost: 620_000,
      notes: 'Maple Ridge Drive, Sugar Maple Lane, Birchwood Court, Hemlock Way',
    },
    {
      name: 'Streets: crack fill and sealcoat',
      category: C.PAVING,
      quantity: '14500',
      unit: 'sq yd',
      life: 5,
      placed: done.sealcoatFiscalYear,
      cost: 15_000,
      notes: 'Last done by Tri-County Paving & Sealcoating',
    },
    {
      name: 'Clubhouse roof',
      category: C.ROOFING,
      quantity: '42',
      unit: 'squares',
      life: 25,
      placed: done.roofFiscalYear,
      cost: 50_000,
      notes: 'Architectural shingles; replaced by Apex Roofing & Exteriors (invoice 2291)',
    },
    {
      name: 'Ridgeview Terrace townhome roofs',
      category: C.ROOFING,
      quantity: '36',
      unit: 'roofs',
      life: 25,
      age: 15,
      cost: 432_000,
    },
    {
      name: 'Ridge Commons roof membrane',
      category: C.ROOFING,
      quantity: '180',
      unit: 'squares',
      life: 20,
      age: 16,
      cost: 165_000,
    },
    {
      name: 'Ridge Commons elevator modernization',
      category: C.ELEVATORS,
      quantity: '1',
      unit: 'elevator',
      life: 25,
      age: 17,
      cost: 140_000,
    },
    {
      name: 'Pool resurfacing (plaster and tile)',
      category: C.POOL,
      quantity: '3200',
      unit: 'sq ft',
      life: 12,
      age: 9,
      cost: 38_000,
    },
    {
      name: 'Pool heater, pumps and filters',
      category: C.POOL,
      life: 10,
      age: 6,
      cost: 14_500,
    },
    {
      name: 'Clubhouse exterior painting',
      category: C.PAINTING,
      life: 8,
      age: 5,
      cost: 22_000,
    },
    {
      name: 'Townhome exterior painting',
      category: C.PAINTING,
      quantity: '36',
      unit: 'homes',
      life: 8,
      age: 6,
      cost: 96_000,
    },
    {
      name: 'Perimeter fence (vinyl)',
      category: C.FENCING,
      quantity: '2400',
      unit: 'linear ft',
      life: 25,
      age: 17,
      cost: 78_000,
    },
    {
      name: 'Clubhouse HVAC (two rooftop units)',
      category: C.HVAC,
      quantity: '2',
      unit: 'units',
      life: 18,
      age: 12,
      cost: 32_000,
    },
    {
      name: 'Playground equipment and safety surface',
      category: C.PLAYGROUND,
      life: 15,
      age: 11,
      cost: 42_000,
    },
    {
      name: 'Cluster mailboxes',
      category: C.SITE,
      quantity: '12',
      unit: 'mailbox units',
      life: 20,
      age: 17,
      cost: 19_200,
    },
    {
      name: 'Street and entrance lighting',
      category: C.LIGHTING,
      quantity: '48',
      unit: 'poles',
      life: 25,
      age: 17,
      cost: 67_200,
    },
    {
      name: 'Clubhouse interior finishes',
      category: C.INTERIORS,
      life: 12,
      age: 7,
      cost: 28_000,
      notes: 'Flooring, furniture, kitchen',
    },
  ];
  const calendar = { today: b.today, fiscalYearStartMonth: b.profile.fiscalYearStartMonth };
  const accountId = b.account('1510');
  for (const c of components) {
    const input: ReserveComponentInput = {
      name: c.name,
      category: c.category,
      quantity: c.quantity ?? null,
      unit: c.unit ?? null,
      usefulLifeYears: c.life,
      placedInServiceYear: c.placed ?? b.currentFiscalYear - c.age!,
      remainingLifeYears: null,
      currentReplacementCost: $(c.cost),
      accountId,
      notes: c.notes ?? null,
    };
    await createReserveComponent(b.em, b.actor, calendar, input);
  }
}
