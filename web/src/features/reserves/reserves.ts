import { sendMultipart, sendWithSession } from '@/apollo/upload';
import { parseMoneyInput } from '@/money';
import {
  IMPORT_RESERVE_COMPONENTS_MUTATION,
  type ReserveBand,
  type ReserveCategory,
  type ReserveComponent,
  type ReserveComponentInput,
  type ReserveImportResult,
} from './reserves.graphql';

export const CATEGORY_LABELS: Record<ReserveCategory, string> = {
  ROOFING: 'Roofing',
  PAVING: 'Paving',
  POOL: 'Pool',
  PAINTING: 'Painting',
  ELEVATORS: 'Elevators',
  FENCING: 'Fencing',
  HVAC: 'HVAC',
  SIDING: 'Siding',
  PLUMBING: 'Plumbing',
  ELECTRICAL: 'Electrical',
  LIGHTING: 'Lighting',
  PLAYGROUND: 'Playground',
  SITE: 'Site and grounds',
  INTERIORS: 'Interiors',
  OTHER: 'Other',
};

export const CATEGORY_OPTIONS = (Object.keys(CATEGORY_LABELS) as ReserveCategory[]).map(
  (value) => ({
    value,
    label: CATEGORY_LABELS[value],
  }),
);

/** The band in words, never colour alone. */
export const BAND_LABELS: Record<ReserveBand, string> = {
  WEAK: 'Weak',
  FAIR: 'Fair',
  STRONG: 'Strong',
};

export const BAND_HELP: Record<ReserveBand, string> = {
  WEAK: 'Below 30 %: a high risk of special assessments',
  FAIR: '30 % to 70 %: a moderate risk of special assessments',
  STRONG: '70 % or more: a low risk of special assessments',
};

/** "61.4 %"; an em dash without components to fund. */
export function percentLabel(percent: string | null | undefined): string {
  return percent == null ? '—' : `${percent} %`;
}

/** "42 squares" */
export function quantityLabel(c: Pick<ReserveComponent, 'quantity' | 'unit'>): string {
  if (!c.quantity) return c.unit ?? '';
  const n = Number(c.quantity).toLocaleString('en-US', { maximumFractionDigits: 2 });
  return c.unit ? `${n} ${c.unit}` : n;
}

// ---------------------------------------------------------------------------------------------
// The component form

export type LifeMode = 'remaining' | 'placed';

export interface ComponentForm {
  name: string;
  category: ReserveCategory;
  quantity: string;
  unit: string;
  usefulLifeYears: number | null;
  lifeMode: LifeMode;
  remainingLifeYears: number | null;
  placedInServiceYear: number | null;
  currentReplacementCost: string;
  accountId: string | null;
  notes: string;
}

export type ComponentField =
  | 'name'
  | 'category'
  | 'quantity'
  | 'unit'
  | 'usefulLifeYears'
  | 'remainingLifeYears'
  | 'placedInServiceYear'
  | 'currentReplacementCost'
  | 'accountId'
  | 'notes';

export function blankComponentForm(
  c: ReserveComponent | null = null,
  defaultAccountId: string | null = null,
): ComponentForm {
  return {
    name: c?.name ?? '',
    category: c?.category ?? 'ROOFING',
    quantity: c?.quantity ?? '',
    unit: c?.unit ?? '',
    usefulLifeYears: c?.usefulLifeYears ?? null,
    lifeMode: c?.remainingLifeDerived ? 'placed' : 'remaining',
    remainingLifeYears: c && !c.remainingLifeDerived ? c.remainingLifeYears : null,
    placedInServiceYear: c?.placedInServiceYear ?? null,
    currentReplacementCost: c ? c.currentReplacementCost : '',
    accountId: c?.accountId ?? defaultAccountId,
    notes: c?.notes ?? '',
  };
}

export function checkComponentForm(f: ComponentForm): Partial<Record<ComponentField, string>> {
  const errors: Partial<Record<ComponentField, string>> = {};
  if (!f.name.trim()) errors.name = 'Enter a name';
  if (f.quantity.trim() && !/^\d{1,10}(\.\d{1,2})?$/.test(f.quantity.trim())) {
    errors.quantity = 'Enter a quantity like 42 or 1250.5';
  }
  if (!f.usefulLifeYears || f.usefulLifeYears < 1) errors.usefulLifeYears = 'Enter the useful life';
  if (f.lifeMode === 'remaining' && f.remainingLifeYears == null) {
    errors.remainingLifeYears = 'Enter the remaining life';
  }
  if (f.lifeMode === 'placed' && f.placedInServiceYear == null) {
    errors.placedInServiceYear = 'Enter the year placed in service';
  }
  const cost = parseMoneyInput(f.currentReplacementCost);
  if (cost.kind === 'empty') errors.currentReplacementCost = 'Enter the replacement cost';
  else if (cost.kind === 'invalid') errors.currentReplacementCost = cost.message;
  if (!f.accountId) errors.accountId = 'Choose the reserve account';
  return errors;
}

export function componentInput(f: ComponentForm): ReserveComponentInput {
  const cost = parseMoneyInput(f.currentReplacementCost);
  return {
    name: f.name.trim(),
    category: f.category,
    quantity: f.quantity.trim() || null,
    unit: f.unit.trim() || null,
    usefulLifeYears: f.usefulLifeYears ?? 0,
    remainingLifeYears: f.lifeMode === 'remaining' ? f.remainingLifeYears : null,
    placedInServiceYear: f.lifeMode === 'placed' ? f.placedInServiceYear : null,
    currentReplacementCost: cost.kind === 'ok' ? cost.money : '0.00',
    accountId: f.accountId ?? '',
    notes: f.notes.trim() || null,
  };
}

// ---------------------------------------------------------------------------------------------
// CSV import: the same multipart upload as the units import.

export function importReserveComponents(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ReserveImportResult> {
  return sendWithSession(
    (token) =>
      sendMultipart<ReserveImportResult>({
        file,
        token,
        onProgress,
        operationName: 'ImportReserveComponents',
        mutation: IMPORT_RESERVE_COMPONENTS_MUTATION,
        variables: { file: null },
        fileVariable: 'file',
        field: 'importReserveComponents',
      }),
    'Your session has ended. Sign in again, then import the file.',
    () => onProgress?.(0),
  );
}
