import type { EntityManager } from '@mikro-orm/postgresql';
import { mediumDate, monthInWords } from '../../core/dates.js';
import type { EmailMessage } from '../../core/email/mailer.js';
import { displayMoney, sumCents, type Total } from '../../core/money/money.js';
import { selectActiveOwners, selectUnitOwners } from './owner-statements.repository.js';
import {
  composeStatement,
  type StatementAssociation,
  statementAssociation,
  type StatementDocument,
} from './owner-statements.service.js';

// The monthly email of owners' statements (the association's automation, on the 1st): each owner
// of each unit, whose membership is active, gets the unit's statement of the month before in the
// body, figures and what is due when, with a link to the owner portal where the PDF is. (The
// mailer sends text only; the portal, behind the owner's sign-in, holds the PDF.) A unit that had
// nothing that month and owes nothing gets no email. The automation runs this once per month
// (its claim on the month, in the association's database), so two workers send it once.

export interface StatementEmails {
  // Emails composed, one per owner and unit.
  emails: EmailMessage[];
  // What the units emailed owe in all (their amounts due).
  total: Total;
}

export async function monthlyStatementEmails(
  em: EntityManager,
  platformEm: EntityManager,
  org: { orgId: string; name: string },
  publicUrl: string,
  month: string,
  today: string,
): Promise<StatementEmails> {
  const bindings = await selectUnitOwners(em);
  if (!bindings.length) return { emails: [], total: 0n };
  const owners = new Map(
    (
      await selectActiveOwners(platformEm, org.orgId, [...new Set(bindings.map((b) => b.user_id))])
    ).map((o) => [o.id, o]),
  );
  const byUnit = new Map<string, { name: string; email: string }[]>();
  for (const b of bindings) {
    const owner = owners.get(b.user_id);
    if (!owner) continue;
    byUnit.set(b.unit_id, [...(byUnit.get(b.unit_id) ?? []), owner]);
  }
  const association = await statementAssociation(em, platformEm, org, publicUrl);
  const emails: EmailMessage[] = [];
  const due: Total[] = [];
  for (const [unitId, people] of byUnit) {
    const doc = await composeStatement(em, association, unitId, month, today);
    const s = doc.statement;
    if (!s.lines.length && s.openingBalance === 0n && s.closingBalance === 0n) continue;
    due.push(s.amountDue);
    for (const p of people) emails.push(statementEmail(doc, p, publicUrl));
  }
  return { emails, total: sumCents(due) };
}

const pad = (label: string) => `  ${`${label}:`.padEnd(34)}`;

function amountDueLine(doc: StatementDocument, date: (d: string) => string): string {
  const s = doc.statement;
  if (s.amountDue === 0n) {
    return s.closingBalance < 0n
      ? `Nothing is due: you have a credit of ${displayMoney(-s.closingBalance)}.`
      : 'Nothing is due.';
  }
  const pastDue = s.dueItems.find((i) => i.pastDue);
  if (pastDue) {
    return `Amount due: ${displayMoney(s.amountDue)}, due now (past due since ${date(pastDue.dueDate)}).`;
  }
  const first = s.dueItems[0];
  return `Amount due: ${displayMoney(s.amountDue)}${first ? `, by ${date(first.dueDate)}` : ''}.`;
}

function contactLine(a: StatementAssociation): string | null {
  const parts = [a.contactName, a.contactPhone, a.contactEmail].filter((p) => p?.trim());
  return parts.length ? `Questions about your account? ${parts.join(' · ')}` : null;
}

export function statementEmail(
  doc: StatementDocument,
  to: { name: string; email: string },
  publicUrl: string,
): EmailMessage {
  const a = doc.association;
  const s = doc.statement;
  const date = (d: string) => mediumDate(d, a.locale);
  const month = monthInWords(s.month, a.locale);
  const contact = contactLine(a);
  return {
    to: to.email,
    template: 'owner-statement',
    subject: `${a.name}: your ${month} statement for unit ${s.unitNumber}`,
    body: [
      `Hello ${to.name},`,
      '',
      `Here is the ${month} statement of unit ${s.unitNumber} from ${a.name}.`,
      '',
      `${pad(`Opening balance on ${date(s.periodStart)}`)}${displayMoney(s.openingBalance)}`,
      `${pad('Charges')}${displayMoney(s.charges)}`,
      `${pad('Payments and credits')}${displayMoney(s.payments)}`,
      `${pad(`Balance on ${date(s.periodEnd)}`)}${displayMoney(s.closingBalance)}`,
      '',
      amountDueLine(doc, date),
      ...(s.dueItems.length > 1
        ? [
            'What is due when:',
            ...s.dueItems.map(
              (i) =>
                `${pad(`${date(i.dueDate)}${i.pastDue ? ' (past due)' : ''}`)}${displayMoney(i.amount)}`,
            ),
          ]
        : []),
      '',
      'How to pay:',
      ...s.howToPay.split('\n').map((l) => `  ${l}`),
      '',
      `Read the statement, with each charge and payment, and download it as a PDF in the owner portal: ${publicUrl}/owner/statements`,
      ...(contact ? ['', contact] : []),
    ].join('\n'),
  };
}
