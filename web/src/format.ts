import type { OrganizationSettings } from './apollo/types';

// One way to show dates everywhere (UI.md: the locale's medium date, e.g. "Mar 4, 2026"). The
// association's own locale wins when its settings name one; the browser's otherwise.

export function settingsLocale(settings: OrganizationSettings | undefined): string | undefined {
  const locale = settings?.locale;
  return typeof locale === 'string' && locale ? locale : undefined;
}

export function formatDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
  } catch {
    // An unknown locale in the settings must not blank the column.
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
  }
}
