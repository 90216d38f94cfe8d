import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { accountRows } from './account-checks.repository.js';

// Accounts named by an input: in this tenant, not archived, of the expected type (e.g. an income
// account for assessment lines, an asset account to deposit payments in). A missing account is
// NOT_FOUND; an archived one or one of another type is BAD_USER_INPUT, per field.
// A pure account rule used by assessments, invoices and payments: it belongs to accounts and
// stays here until accounts exports one.
export async function checkAccounts(
  em: EntityManager,
  wanted: { field: string; id: string | null | undefined; types: string[]; what: string }[],
): Promise<void> {
  const ids = wanted.map((w) => w.id).filter((id): id is string => isId(id));
  const rows = ids.length ? await accountRows(em, ids) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const details: FieldDetail[] = [];
  for (const w of wanted) {
    if (w.id == null) continue;
    const a = byId.get(w.id);
    if (!a) details.push({ field: w.field, message: 'Account not found' });
    else if (a.archived)
      details.push({ field: w.field, message: `Account ${a.number} ${a.name} is archived` });
    else if (!w.types.includes(a.type)) {
      details.push({ field: w.field, message: `Choose ${w.what}` });
    }
  }
  const missing = details.filter((d) => d.message === 'Account not found');
  if (missing.length) throw notFound('Account', missing);
  if (details.length) throw badInput(details, details[0].message);
}
