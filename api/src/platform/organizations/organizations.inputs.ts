import { IsInt, Max, Min, ValidateBy } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { z } from 'zod';
import { isTimeZone } from '../../core/dates.js';
import { badInput, type FieldDetail } from '../../core/errors/app-error.js';

const MONTH_MESSAGE = 'Use a month from 1 (January) to 12 (December)';

@InputType({ description: "An association's time zone and fiscal-year start" })
export class OrganizationCalendarInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The organization to change (super admins); omit for the current organization',
  })
  organizationId?: string | null;

  @Field(() => String, { description: 'IANA time zone name, e.g. America/Chicago' })
  @ValidateBy({
    name: 'timeZone',
    validator: {
      validate: (v) => typeof v === 'string' && isTimeZone(v),
      defaultMessage: () => 'Use a time zone name like America/Chicago',
    },
  })
  timeZone: string;

  @Field(() => Int, { description: 'First month of the fiscal year, 1 (January) to 12' })
  @IsInt({ message: MONTH_MESSAGE })
  @Min(1, { message: MONTH_MESSAGE })
  @Max(12, { message: MONTH_MESSAGE })
  fiscalYearStartMonth: number;
}

// An organization's settings: these keys and no other (the platform database refuses any other,
// and the permission table, `organizationSettingRules`, says who may set which). The calendar is
// not among them: it has columns and updateOrganizationCalendar.
export const ORGANIZATION_SETTING_KEYS = [
  // The setup wizard was finished or skipped.
  'onboardingComplete',
  // Every member needs two-step sign-in (platform/mfa checks who may turn it on).
  'requireMfa',
  // BCP 47 locale and ISO 4217 currency of the association's figures and dates.
  'locale',
  'currency',
  // Members see the Ideas page and can submit ideas.
  'ideationEnabled',
] as const;

export type OrganizationSettingKey = (typeof ORGANIZATION_SETTING_KEYS)[number];

// A BCP 47 locale Intl knows ("en-US").
export function isLocale(v: string): boolean {
  try {
    return Intl.getCanonicalLocales(v).length === 1;
  } catch {
    return false;
  }
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
// An ISO 4217 currency code Intl knows ("USD"), upper case.
export const isCurrency = (v: string): boolean => CURRENCIES.has(v);
const flag = z.boolean({ error: 'Use true or false' });
// Blank or null removes the key (the browser's own locale, no currency symbol).
const removable = (
  check: (v: string) => boolean,
  message: string,
  canonical: (v: string) => string,
) =>
  z
    .string({ error: message })
    .trim()
    .max(35, { error: message })
    .refine((v) => v === '' || check(v), { error: message })
    .transform((v) => (v === '' ? null : canonical(v)))
    .nullable();

const SETTINGS_PATCH = z.strictObject({
  onboardingComplete: flag.optional(),
  requireMfa: flag.optional(),
  locale: removable(
    isLocale,
    'Use a locale like en-US',
    (v) => Intl.getCanonicalLocales(v)[0],
  ).optional(),
  currency: removable(
    (v) => isCurrency(v.toUpperCase()),
    'Use a currency code like USD',
    (v) => v.toUpperCase(),
  ).optional(),
  ideationEnabled: flag.optional(),
} satisfies Record<OrganizationSettingKey, z.ZodType>);

export interface SettingsChange {
  set: Partial<Record<OrganizationSettingKey, boolean | string>>;
  remove: OrganizationSettingKey[];
}

// A settings patch checked key by key: the keys to set and the keys to remove, or BAD_USER_INPUT
// with a detail per key (an unknown key is named as one).
export function parseSettingsPatch(patch: Record<string, unknown>): SettingsChange {
  const parsed = SETTINGS_PATCH.safeParse(patch);
  if (!parsed.success) {
    const details: FieldDetail[] = parsed.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({
            field: key,
            message: `Not a setting (the settings are ${ORGANIZATION_SETTING_KEYS.join(', ')})`,
          }))
        : [{ field: issue.path.map(String).join('.') || 'patch', message: issue.message }],
    );
    throw badInput(details);
  }
  const change: SettingsChange = { set: {}, remove: [] };
  for (const [key, value] of Object.entries(parsed.data) as [OrganizationSettingKey, unknown][]) {
    if (value === undefined) continue;
    if (value === null) change.remove.push(key);
    else change.set[key] = value as boolean | string;
  }
  return change;
}
