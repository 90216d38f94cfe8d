import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import type { Context } from '../../core/context.js';
import type { EmailMessage } from '../../core/email/mailer.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { badInput, conflict, forbidden, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { displayMoney } from '../../core/money/money.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';
import { recordTenantAudit, userLabels } from '../audit/index.js';
import {
  approvalRows,
  approvedCount,
  decidedBy,
  insertApproval,
  queueIds,
} from './approvals.repository.js';
import { lockBill, setBillApproval, vendorRow } from './bills.repository.js';
import { billLabel, findBill, findBills } from './bills.service.js';
import { activeMembers, seatOf, seatRows } from './board-seats.repository.js';
import { settingsRow } from './payables-settings.repository.js';
import { toSettings } from './payables-settings.service.js';
import {
  type Bill,
  type BillApproval,
  BillApprovalState,
  BillDecision,
  BillStatus,
  type BoardTitle,
} from './payables.types.js';

// Approving bills. A bill above the policy's threshold needs that many approvals (fixed when it
// was entered) from members holding a board seat whose title the policy names; one decision per
// person per bill, with a comment (required to reject); the person who entered the bill may not
// decide on it (two people see every large bill). Enough approvals make it payable; one
// rejection stops it until it is voided. Each decision keeps who, when, from which address and
// browser, and is in the audit trail.
//
// Deciding is a member's own act as a board member, not a write to the books: a viewer holding a
// seat decides too (approveBill and rejectBill are on the viewer allow-list, permissions.ts), and
// this service is what requires the seat.

const TITLE_WORDS: Record<BoardTitle, string> = {
  president: 'president',
  vice_president: 'vice president',
  treasurer: 'treasurer',
  secretary: 'secretary',
  director: 'directors',
};

// Whether the caller may decide on bills at all: their seat's title if the policy names it.
async function approverTitle(em: EntityManager, userId: string): Promise<BoardTitle | null> {
  const title = (await seatOf(em, userId)) as BoardTitle | null;
  if (!title) return null;
  const policy = toSettings(await settingsRow(em));
  return policy.approverTitles.includes(title) ? title : null;
}

// Whether the caller may decide on each bill now (Bill.canApprove), in the order asked.
export async function canDecide(
  em: EntityManager,
  userId: string | null,
  bills: readonly Bill[],
): Promise<boolean[]> {
  if (!userId || !(await approverTitle(em, userId))) return bills.map(() => false);
  const pending = bills.filter(
    (b) =>
      b.approval === BillApprovalState.PENDING &&
      b.status !== BillStatus.VOID &&
      b.createdBy !== userId,
  );
  const decided = pending.length
    ? await decidedBy(
        em,
        userId,
        pending.map((b) => b.id),
      )
    : new Set<string>();
  return bills.map((b) => pending.includes(b) && !decided.has(b.id));
}

// The bills the caller may decide on now, oldest due first.
export async function billApprovalQueue(em: EntityManager, userId: string): Promise<Bill[]> {
  if (!(await approverTitle(em, userId))) return [];
  return findBills(em, await queueIds(em, userId));
}

// The decisions on each bill with who made them, oldest first.
export async function approvalsOf(
  em: EntityManager,
  platformEm: EntityManager,
  billIds: readonly string[],
): Promise<BillApproval[][]> {
  const valid = billIds.filter(isId);
  const rows = valid.length ? await approvalRows(em, valid) : [];
  const names = await userLabels(
    platformEm,
    rows.map((r) => r.user_id),
  );
  return billIds.map((id) =>
    rows
      .filter((r) => r.bill_id === id)
      .map((r) => ({
        id: r.id,
        userId: r.user_id,
        name: names.get(r.user_id) ?? null,
        title: r.title as BoardTitle,
        decision: r.decision as BillDecision,
        comment: r.comment,
        ip: r.ip,
        userAgent: r.user_agent,
        createdAt: new Date(r.created_at),
      })),
  );
}

export interface DecisionSource {
  ip: string | null;
  userAgent: string | null;
}

// Records the caller's decision on a bill (see the top of this file).
export async function decideBill(
  em: EntityManager,
  actor: AuthInfo | null,
  source: DecisionSource,
  id: string,
  decision: BillDecision,
  comment?: string | null,
): Promise<Bill> {
  assertId(id, 'Bill');
  if (!actor) throw forbidden();
  if (actor.readOnly) throw forbidden('A read-only API token cannot decide on bills');
  if (actor.impersonatedBy) {
    throw forbidden('Decisions on bills are the board member’s own: not while impersonating');
  }
  const note = comment?.trim() || null;
  if (decision === BillDecision.REJECTED && !note) {
    const message = 'Say why the bill is rejected';
    throw badInput([{ field: 'comment', message }], message);
  }
  if (note && note.length > L.bill_approvals.comment) {
    const message = `At most ${L.bill_approvals.comment} characters`;
    throw badInput([{ field: 'comment', message }], message);
  }
  const userId = actor.userId;
  try {
    await em.transactional(async (tx) => {
      if (!(await lockBill(tx, id))) throw notFound('Bill');
      const b = await findBill(tx, id);
      const label = billLabel(b);
      const title = (await seatOf(tx, userId)) as BoardTitle | null;
      const policy = toSettings(await settingsRow(tx));
      if (!title) {
        throw forbidden(
          'Only members holding a board seat decide on bills: an admin gives seats in the payables settings',
        );
      }
      if (!policy.approverTitles.includes(title)) {
        throw forbidden(`The approval policy does not let the ${TITLE_WORDS[title]} approve bills`);
      }
      if (b.createdBy === userId) {
        throw forbidden(`You entered ${label}: another approver decides on it`);
      }
      if ((await decidedBy(tx, userId, [id])).size) {
        throw conflict(`You already decided on ${label}`);
      }
      if (b.status === BillStatus.VOID) throw conflict(`${label} is void`);
      if (b.approval === BillApprovalState.NOT_REQUIRED) {
        throw conflict(`${label} needs no approval`);
      }
      if (b.approval === BillApprovalState.REJECTED) {
        throw conflict(`${label} was rejected: void it, and enter it again if it is owed`);
      }
      if (b.approval === BillApprovalState.APPROVED) throw conflict(`${label} is already approved`);
      const [approvalId] = newIds(1);
      const ip = source.ip?.slice(0, L.bill_approvals.ip) || null;
      const userAgent = source.userAgent?.slice(0, L.bill_approvals.user_agent) || null;
      await insertApproval(tx, {
        id: approvalId,
        billId: id,
        userId,
        title,
        decision,
        comment: note,
        ip,
        userAgent,
      });
      const after =
        decision === BillDecision.REJECTED
          ? BillApprovalState.REJECTED
          : (await approvedCount(tx, id)) >= b.approvalsRequired
            ? BillApprovalState.APPROVED
            : BillApprovalState.PENDING;
      if (after !== b.approval) await setBillApproval(tx, id, after);
      await recordTenantAudit(tx, actor, {
        entityType: 'Bill',
        entityId: id,
        action: decision === BillDecision.APPROVED ? 'approve' : 'reject',
        changes: {
          number: b.number,
          title,
          comment: note,
          ip,
          userAgent,
          approval: { before: b.approval, after },
        },
      });
    });
  } catch (err) {
    // Two decisions of one person racing: the bill's lock makes the second see the first, and
    // the database's unique key stands behind it.
    if (isUniqueViolation(err, 'bill_approvals_bill_id_user_id_key')) {
      throw conflict('You already decided on this bill');
    }
    throw err;
  }
  return findBill(em, id);
}

// The emails asking the approvers to decide on the pending bills among `bills`: each member
// holding an approving seat, but not the one who entered the bill. Sent once the bills commit.
export async function approvalRequests(
  em: EntityManager,
  platformEm: EntityManager,
  org: { orgId: string; name: string },
  publicUrl: string,
  bills: readonly Bill[],
): Promise<EmailMessage[]> {
  const pending = bills.filter((b) => b.approval === BillApprovalState.PENDING);
  if (!pending.length) return [];
  const policy = toSettings(await settingsRow(em));
  const seats = (await seatRows(em)).filter((s) =>
    policy.approverTitles.includes(s.title as BoardTitle),
  );
  if (!seats.length) return [];
  const members = await activeMembers(
    platformEm,
    org.orgId,
    seats.map((s) => s.user_id),
  );
  const out: EmailMessage[] = [];
  for (const b of pending) {
    const vendor = (await vendorRow(em, b.vendorId))?.name ?? 'a vendor';
    for (const m of members.filter((x) => x.id !== b.createdBy)) {
      out.push({
        to: m.email,
        template: 'bill-approval',
        subject: `${org.name}: ${billLabel(b)} from ${vendor} (${displayMoney(b.total)}) needs your approval`,
        body: [
          `Hello ${m.name},`,
          '',
          `${billLabel(b)} from ${vendor} for ${displayMoney(b.total)}, due ${b.dueDate}, needs ${b.approvalsRequired} approval${b.approvalsRequired === 1 ? '' : 's'} before it can be paid.`,
          ...(b.vendorInvoiceNumber ? [`Vendor invoice: ${b.vendorInvoiceNumber}`] : []),
          ...(b.memo ? [`Memo: ${b.memo}`] : []),
          '',
          `Approve or reject it: ${publicUrl}/bills/${b.id}`,
          `Everything waiting for you: ${publicUrl}/approvals`,
        ].join('\n'),
      });
    }
  }
  return out;
}

// Emails the approvers of the request's new pending bills (after they committed).
export async function notifyApprovers(ctx: Context, bills: readonly Bill[]): Promise<void> {
  if (!ctx.org) return;
  const emails = await approvalRequests(
    ctx.em,
    ctx.platformEm,
    ctx.org,
    ctx.services.publicUrl,
    bills,
  );
  for (const m of emails) await ctx.services.mailer.send(m);
}
