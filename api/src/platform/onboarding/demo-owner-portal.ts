import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generatePassword, hashPassword } from '../../core/auth/passwords.js';
import { addMonths } from '../../core/dates.js';
import { Role } from '../../core/roles.js';
import { sql } from '../../db/sql.js';
import { bindOwner, publishDocument } from '../../modules/owner-portal/index.js';
import type { Context } from '../../core/context.js';
import { asUpload, onePagePdf } from './demo-documents.js';
import { PaymentMethod } from '../../modules/payments/index.js';
import type { Organization } from '../organizations/index.js';
import { Membership, User } from '../users/index.js';
import type { DemoBooks, DemoUnit } from './demo-books.js';
import type { DemoCredential } from './demo-seed.service.js';

// The demo associations' owner portal: homeowners who sign in (an owner of two units at Maple
// Ridge), the association's contact details, and the online payments of the recent months. The
// owners' units pay online: by card through Stripe Checkout, or by bank account on AutoPay, and
// their payments in the books are those payments (card or ACH, into Undeposited Funds, carried to
// the bank by the day's deposit as the demo's banking does).

export interface DemoPortalOwner {
  name: string;
  email: string;
  phone: string;
  // Their units and how each pays online.
  units: { number: string; method: 'card' | 'us_bank_account' }[];
  // The unit whose bank account pays on AutoPay (the others pay by card when the owner chooses).
  autopay?: { unit: string; maxAmount: number; since: number /* months ago */ };
}

export interface DemoPortal {
  // The rules owners live by, published once (title, lines of the one-page PDF).
  rules: { title: string; lines: string[] };
  contact: {
    name: string;
    email: string;
    phone: string;
    address: string;
    instructions: string;
  };
  owners: DemoPortalOwner[];
}

const monthLabel = (m: { year: number; month: number }) =>
  new Date(Date.UTC(m.year, m.month - 1, 15)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export interface DemoOwnerSeat {
  userId: string;
  email: string;
  owner: DemoPortalOwner;
}

/** The owner of a unit, as the books name them (the portal's owners are the units' owners). */
export function portalUnit(portal: DemoPortal | undefined, unit: DemoUnit): DemoUnit {
  const owner = portal?.owners.find((o) => o.units.some((u) => u.number === unit.number));
  return owner ? { ...unit, ownerName: owner.name, email: owner.email, phone: owner.phone } : unit;
}

/** How an owner of the portal pays their unit (undefined: the unit's usual habit). */
export function portalMethod(
  portal: DemoPortal | undefined,
  unit: string,
): PaymentMethod | undefined {
  for (const o of portal?.owners ?? []) {
    const u = o.units.find((x) => x.number === unit);
    if (u) return u.method === 'card' ? PaymentMethod.CARD : PaymentMethod.ACH;
  }
  return undefined;
}

const ownerRole = (o: DemoPortalOwner) =>
  `Owner (unit${o.units.length > 1 ? 's' : ''} ${o.units.map((u) => u.number).join(' and ')})`;

// The owners' sign-ins (platform users with the role OWNER), each with a generated password
// printed like the treasurer's; an existing user keeps theirs.
export async function demoPortalOwners(
  em: EntityManager,
  org: Organization,
  portal: DemoPortal | undefined,
  credentials: DemoCredential[],
): Promise<DemoOwnerSeat[]> {
  const seats: DemoOwnerSeat[] = [];
  for (const owner of portal?.owners ?? []) {
    let user = await em.findOne(User, { email: owner.email });
    if (!user) {
      const password = generatePassword();
      user = em.create(User, {
        email: owner.email,
        name: owner.name,
        passwordHash: await hashPassword(password),
        hasSeenIntro: true,
      });
      credentials.push({
        role: ownerRole(owner),
        email: owner.email,
        password,
        organization: org.name,
      });
    }
    if (!(await em.findOne(Membership, { user, organization: org.id }))) {
      em.create(Membership, { user, organization: org.id, role: Role.OWNER });
    }
    seats.push({ userId: user.id, email: owner.email, owner });
  }
  return seats;
}

// The association's Stripe account (Stripe Connect), as the treasurer connected it: owners see
// "Pay online". The platform's row; the account id is the demo's own.
export const demoStripeAccountId = (orgId: string) =>
  `acct_demo${orgId.replace(/-/g, '').slice(0, 16)}`;

export async function demoStripeAccount(em: EntityManager, org: Organization, by: string) {
  await sql(em).run(
    `INSERT INTO stripe_connected_accounts
       (organization_id, account_id, charges_enabled, payouts_enabled, details_submitted, connected_by)
     VALUES (?, ?, true, true, true, ?) ON CONFLICT (organization_id) DO NOTHING`,
    [org.id, demoStripeAccountId(org.id), by],
  );
}

const stripeId = (prefix: string) => `${prefix}_demo${randomBytes(12).toString('hex')}`;
// Stripe's fees on the association's balance: 2.9 % + 30¢ by card, 0.8 % up to $5 by bank account.
const stripeFee = (amount: number, method: 'card' | 'us_bank_account') =>
  method === 'card' ? Math.round(amount * 0.029) + 30 : Math.min(Math.round(amount * 0.008), 500);

// In the association's books: the owners bound to their units, the contact details owners read,
// and the history of the owners' online payments of the last months (their card and ACH payments
// in the books, as the webhook recorded them).
export async function demoOwnerPortal(
  b: DemoBooks,
  portal: DemoPortal | undefined,
  seats: DemoOwnerSeat[],
) {
  if (!portal) return;
  const { em, actor } = b;
  await sql(em).run(
    `UPDATE owner_portal_settings SET contact_name = ?, contact_email = ?, contact_phone = ?,
       mailing_address = ?, payment_instructions = ?, updated_by = ?, updated_at = now()`,
    [
      portal.contact.name,
      portal.contact.email,
      portal.contact.phone,
      portal.contact.address,
      portal.contact.instructions,
      actor?.userId ?? null,
    ],
  );
  // Published for owners: the rules, and the minutes of the last two board meetings.
  const ctx = { em, auth: actor, org: b.org, services: b.services } as unknown as Context;
  const docs: { title: string; category: string; lines: string[] }[] = [
    { title: portal.rules.title, category: 'rules', lines: portal.rules.lines },
    ...[-2, -1].map((offset) => {
      const m = b.month(offset);
      return {
        title: `Board meeting minutes, ${monthLabel(m)}`,
        category: 'minutes',
        lines: [
          `Meeting of the board of ${b.profile.name}, ${monthLabel(m)}.`,
          'Present: the president, the vice president and the treasurer; a quorum.',
          "The treasurer presented the month's financial statements and bank reconciliations.",
          'The board approved the financial statements as presented.',
          "Owners' forum: landscaping schedule and parking questions answered.",
          'The meeting was adjourned at 8:45 pm.',
        ],
      };
    }),
  ];
  for (const d of docs) {
    const file = `${d.title.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}.pdf`;
    await publishDocument(
      ctx,
      { title: d.title, category: d.category, documentId: null },
      asUpload(file, onePagePdf(d.title, d.lines)),
    );
  }

  const since = `${addMonths(b.today, -4).slice(0, 8)}01`;
  for (const seat of seats) {
    for (const u of seat.owner.units) {
      const unit = b.unit(u.number);
      await em.transactional((tx) =>
        bindOwner(tx, actor, { id: unit.id, number: unit.number }, seat),
      );
      const autopay = seat.owner.autopay?.unit === u.number ? seat.owner.autopay : undefined;
      const autopayFrom = autopay ? `${addMonths(b.today, -autopay.since).slice(0, 8)}01` : null;
      const payments = await sql(em).all<{ id: string; date: string; amount: string }>(
        `SELECT id, date::text AS date, amount FROM payments
          WHERE unit_id = ? AND date >= ? AND void_date IS NULL AND method IN ('card', 'ach')
          ORDER BY date`,
        [unit.id, since],
      );
      // AutoPay: the bank account saved on Stripe's page, charged on each due date since.
      const enrollment = randomUUID();
      if (autopay) {
        const customer = stripeId('cus');
        await sql(em).run(
          `INSERT INTO stripe_customers (user_id, account_id, customer_id, created_at)
           VALUES (?, ?, ?, ?::date - 3) ON CONFLICT DO NOTHING`,
          [seat.userId, demoStripeAccountId(b.org.orgId), customer, autopayFrom],
        );
        await sql(em).run(
          `INSERT INTO autopay_enrollments (id, unit_id, user_id, status, method, max_amount,
             stripe_checkout_session_id, stripe_customer_id, stripe_payment_method_id,
             method_label, starts_on, created_at, updated_at)
           VALUES (?, ?, ?, 'active', ?, ?, ?, ?, ?, 'Bank •••• 6789', ?, ?::date - 3, ?::date - 3)`,
          [
            enrollment,
            unit.id,
            seat.userId,
            u.method,
            autopay.maxAmount,
            stripeId('cs'),
            customer,
            stripeId('pm'),
            autopayFrom,
            autopayFrom,
            autopayFrom,
          ],
        );
      }
      for (const p of payments) {
        const amount = Number(p.amount);
        const viaAutopay = autopayFrom !== null && p.date >= autopayFrom;
        const onlineId = randomUUID();
        await sql(em).run(
          `INSERT INTO online_payments (id, unit_id, user_id, source, method, card_funding, amount,
             stripe_fee, status, stripe_checkout_session_id, stripe_payment_intent_id,
             stripe_charge_id, payment_id, created_at, updated_at, succeeded_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'succeeded', ?, ?, ?, ?, ?::date + time '09:30',
             ?::date + time '09:31', ?::date + time '09:31')`,
          [
            onlineId,
            unit.id,
            seat.userId,
            viaAutopay ? 'autopay' : 'checkout',
            u.method,
            u.method === 'card' ? 'credit' : null,
            amount,
            stripeFee(amount, u.method),
            viaAutopay ? null : stripeId('cs'),
            stripeId('pi'),
            stripeId(u.method === 'card' ? 'ch' : 'py'),
            p.id,
            p.date,
            p.date,
            p.date,
          ],
        );
        if (viaAutopay) {
          await sql(em).run(
            `INSERT INTO autopay_charges (id, enrollment_id, unit_id, due_date, status, amount,
               online_payment_id, notified_at, charged_at, created_at, updated_at)
             VALUES (?, ?, ?, ?, 'charged', ?, ?, ?::date - 3, ?::date + time '09:30',
               ?::date - 3, ?::date + time '09:31')`,
            [
              randomUUID(),
              enrollment,
              unit.id,
              p.date,
              amount,
              onlineId,
              p.date,
              p.date,
              p.date,
              p.date,
            ],
          );
        }
      }
    }
  }
}
