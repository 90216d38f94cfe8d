import { $ } from './demo-books.js';
import type { DemoBooks } from './demo-books.js';
import {
  CapitalProjectCategory as C,
  CapitalProjectFunding as F,
  CapitalProjectPriority as P,
  CapitalProjectStatus as S,
  createCapitalProject,
  linkCapitalProjectEntry,
  reserveComponentIdsByName,
} from '../../modules/capital-projects/index.js';

// Maple Ridge's capital plan: a dozen projects over this fiscal year, the next four and Future,
// most of them replacements of the reserve study's components (linked by name, when the study is
// there). The clubhouse roof is done: linked to the roof's journal entry, its actual cost is the
// $48,750.00 the books paid. The mailbox kiosks slipped from last year (overdue on the board).

interface DemoProject {
  name: string;
  category: C;
  cost: number;
  funding: F;
  priority: P;
  status: S;
  // Years after the current fiscal year (negative: before); null = Future.
  year: number | null;
  component?: string;
  description?: string;
}

export async function mapleRidgeCapitalProjects(
  b: DemoBooks,
  done: { roofFiscalYear: number },
): Promise<void> {
  const fy = b.currentFiscalYear;
  const projects: DemoProject[] = [
    {
      name: 'Clubhouse roof replacement',
      category: C.ROOFING,
      cost: 50_000,
      funding: F.RESERVE,
      priority: P.HIGH,
      status: S.DONE,
      year: done.roofFiscalYear - fy,
      component: 'Clubhouse roof',
      description: 'Tear-off and architectural shingles, Apex Roofing (invoice 2291)',
    },
    {
      name: 'Mailbox kiosk replacement',
      category: C.BUILDING,
      cost: 19_200,
      funding: F.RESERVE,
      priority: P.MEDIUM,
      status: S.APPROVED,
      year: -1,
      component: 'Cluster mailboxes',
      description: 'USPS-approved cluster units; waiting on the post office to approve them',
    },
    {
      name: 'Pool resurfacing',
      category: C.POOL,
      cost: 38_500,
      funding: F.RESERVE,
      priority: P.HIGH,
      status: S.APPROVED,
      year: 0,
      component: 'Pool resurfacing (plaster and tile)',
    },
    {
      name: 'Clubhouse exterior painting',
      category: C.PAINTING,
      cost: 9_800,
      funding: F.RESERVE,
      priority: P.MEDIUM,
      status: S.PLANNED,
      year: 0,
      component: 'Clubhouse exterior painting',
    },
    {
      name: 'Entrance monument lighting',
      category: C.LIGHTING,
      cost: 4_200,
      funding: F.OPERATING,
      priority: P.LOW,
      status: S.IN_PROGRESS,
      year: 0,
    },
    {
      name: 'Streets crack fill and sealcoat',
      category: C.PAVING,
      cost: 15_600,
      funding: F.RESERVE,
      priority: P.MEDIUM,
      status: S.PLANNED,
      year: 1,
      component: 'Streets: crack fill and sealcoat',
    },
    {
      name: 'Perimeter fence replacement',
      category: C.FENCING,
      cost: 42_000,
      funding: F.RESERVE,
      priority: P.MEDIUM,
      status: S.PLANNED,
      year: 1,
      component: 'Perimeter fence (vinyl)',
    },
    {
      name: 'Playground equipment',
      category: C.AMENITIES,
      cost: 36_000,
      funding: F.RESERVE,
      priority: P.MEDIUM,
      status: S.PLANNED,
      year: 2,
      component: 'Playground equipment and safety surface',
    },
    {
      name: 'Townhome roofs, phase 1',
      category: C.ROOFING,
      cost: 185_000,
      funding: F.SPECIAL_ASSESSMENT,
      priority: P.HIGH,
      status: S.PLANNED,
      year: 2,
      component: 'Ridgeview Terrace townhome roofs',
      description: 'Buildings A to D; a special assessment of the townhome owners',
    },
    {
      name: 'Elevator modernization',
      category: C.ELEVATORS,
      cost: 165_000,
      funding: F.RESERVE,
      priority: P.CRITICAL,
      status: S.PLANNED,
      year: 3,
      component: 'Ridge Commons elevator modernization',
    },
    {
      name: 'Clubhouse HVAC replacement',
      category: C.HVAC,
      cost: 24_000,
      funding: F.RESERVE,
      priority: P.MEDIUM,
      status: S.PLANNED,
      year: 4,
      component: 'Clubhouse HVAC (two rooftop units)',
    },
    {
      name: 'Streets mill and overlay',
      category: C.PAVING,
      cost: 410_000,
      funding: F.RESERVE,
      priority: P.HIGH,
      status: S.PLANNED,
      year: null,
      component: 'Streets: asphalt mill and overlay',
    },
    {
      name: 'Dog park',
      category: C.AMENITIES,
      cost: 18_000,
      funding: F.OPERATING,
      priority: P.LOW,
      status: S.DEFERRED,
      year: null,
      description: 'Deferred by the board until the roofs are done',
    },
  ];
  const calendar = { today: b.today, fiscalYearStartMonth: b.profile.fiscalYearStartMonth };
  const components = await reserveComponentIdsByName(b.em);
  const roof = b.tag('roof');
  for (const p of projects) {
    const created = await createCapitalProject(b.em, b.actor, calendar, {
      name: p.name,
      category: p.category,
      estimatedCost: $(p.cost),
      fundingSource: p.funding,
      priority: p.priority,
      status: p.status,
      targetYear: p.year === null ? null : fy + p.year,
      reserveComponentId: (p.component && components.get(p.component)) || null,
      description: p.description ?? null,
      notes: null,
    });
    if (p.category === C.ROOFING && p.status === S.DONE && roof) {
      await linkCapitalProjectEntry(b.em, b.actor, calendar, created.id, roof.id);
    }
  }
}
