import { describe, expect, it } from 'vitest';
import {
  blankProjectForm,
  boardMoney,
  checkProjectForm,
  moveTargets,
  reportGroups,
  reserveVerdict,
  updateInput,
} from './capital-projects';
import type { CapitalPlanColumn, CapitalProjectRow } from './capital-projects.graphql';

const column = (over: Partial<CapitalPlanColumn>): CapitalPlanColumn => ({
  fiscalYear: 2026,
  label: 'FY 2026',
  total: '0.00',
  reserveFunded: '0.00',
  projectedReserve: '0.00',
  shortfall: '0.00',
  underfunded: false,
  projects: [],
  ...over,
});

const row = (over: Partial<CapitalProjectRow>): CapitalProjectRow => ({
  id: over.name ?? 'x',
  name: 'x',
  description: null,
  category: 'OTHER',
  estimatedCost: '0.00',
  fundingSource: 'RESERVE',
  priority: 'MEDIUM',
  status: 'PLANNED',
  targetYear: null,
  position: 0,
  boardYear: null,
  overdue: false,
  reserveComponentId: null,
  reserveComponentName: null,
  notes: null,
  actualCost: '0.00',
  ...over,
});

describe('capital projects', () => {
  it('says in words whether the reserves cover a year', () => {
    expect(
      reserveVerdict(
        column({ reserveFunded: '27500.00', shortfall: '12400.00', underfunded: true }),
      ),
    ).toBe('Short by $12,400');
    expect(reserveVerdict(column({ reserveFunded: '100.00' }))).toBe('Covered by reserves');
    expect(reserveVerdict(column({}))).toBeNull();
    expect(reserveVerdict(column({ fiscalYear: null, projectedReserve: null }))).toBeNull();
    expect(boardMoney('12400.50')).toBe('$12,400.50');
  });

  it('offers every other column as a move target', () => {
    const cols = [
      column({}),
      column({ fiscalYear: 2027, label: 'FY 2027' }),
      column({ fiscalYear: null, label: 'Future' }),
    ];
    expect(moveTargets(cols, 2027)).toEqual([
      { year: 2026, label: 'FY 2026' },
      { year: null, label: 'Future' },
    ]);
  });

  it('groups the printed report by year with totals, Future last', () => {
    const { groups, total } = reportGroups([
      row({ name: 'F', estimatedCost: '5.00' }),
      row({ name: 'B', targetYear: 2027, estimatedCost: '1000.25', position: 1 }),
      row({ name: 'A', targetYear: 2027, estimatedCost: '2000.50', position: 0 }),
      row({ name: 'C', targetYear: 2026, estimatedCost: '10.00' }),
    ]);
    expect(groups.map((g) => [g.label, g.projects.map((p) => p.name), g.total])).toEqual([
      ['FY 2026', ['C'], 1000],
      ['FY 2027', ['A', 'B'], 300075],
      ['Future', ['F'], 500],
    ]);
    // 10.00 + 2,000.50 + 1,000.25 + 5.00 = 3,015.75
    expect(total).toBe(301575);
  });

  it('checks the form and sends only what changed', () => {
    const blank = blankProjectForm(null, 2028);
    expect(blank.targetYear).toBe('2028');
    expect(Object.keys(checkProjectForm(blank)).sort()).toEqual([
      'category',
      'estimatedCost',
      'name',
    ]);
    const p = row({ name: 'Roof', estimatedCost: '1200.00', targetYear: 2027 });
    const form = blankProjectForm(p);
    expect(updateInput(p, form)).toEqual({});
    form.targetYear = '';
    form.estimatedCost = '1,250.00';
    expect(updateInput(p, form)).toEqual({ targetYear: null, estimatedCost: '1250.00' });
  });
});
