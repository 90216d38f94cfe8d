import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from '../../core/context.js';
import { badInput, forbidden, notFound, unauthenticated } from '../../core/errors/app-error.js';
import { pageSize } from '../../core/graphql/connection.js';
import { assertId, newIds } from '../../core/ids.js';
import { recordAudit } from '../admin/index.js';
import {
  findIdea,
  ideationEnabled,
  insertIdea,
  listIdeas,
  lockIdea,
  MAX_IDEAS_PAGE,
  updateIdeaNote,
  updateIdeaStatus,
  type IdeaFilter,
} from './ideas.repository.js';
import { IDEA_LIMITS, type Idea, type IdeaListResult, IdeaStatus } from './ideas.types.js';

function requireOrg(ctx: Context) {
  if (!ctx.auth) throw unauthenticated();
  if (!ctx.org) throw forbidden('No organization selected');
  return { auth: ctx.auth, orgId: ctx.org.orgId };
}

// Ideation is a per-organization feature: off (the default), its ideas can be neither read nor
// submitted by the organization's members.
async function assertIdeationOn(ctx: Context, orgId: string) {
  if (!(await ideationEnabled(ctx.platformEm, orgId))) {
    throw forbidden('Ideas are not turned on for this association');
  }
}

export async function submitIdea(
  ctx: Context,
  input: { title: string; description: string },
): Promise<Idea> {
  const { auth, orgId } = requireOrg(ctx);
  await assertIdeationOn(ctx, orgId);
  const title = input.title.trim();
  const description = input.description.trim();
  const details = [];
  if (!title) details.push({ field: 'title', message: 'Give the idea a title' });
  if (title.length > IDEA_LIMITS.title) {
    details.push({ field: 'title', message: `At most ${IDEA_LIMITS.title} characters` });
  }
  if (description.length > IDEA_LIMITS.description) {
    details.push({
      field: 'description',
      message: `At most ${IDEA_LIMITS.description} characters`,
    });
  }
  if (details.length) throw badInput(details, details[0].message);
  const [id] = newIds(1);
  await ctx.platformEm.transactional(async (em: EntityManager) => {
    await insertIdea(em, {
      id,
      organizationId: orgId,
      submittedBy: auth.userId,
      title,
      description,
    });
  });
  return (await findIdea(ctx.platformEm, id))!;
}

// The caller's organization's ideas, newest first.
export async function organizationIdeas(
  ctx: Context,
  first: number,
  after: string | null | undefined,
): Promise<IdeaListResult> {
  const { orgId } = requireOrg(ctx);
  await assertIdeationOn(ctx, orgId);
  pageSize(first, MAX_IDEAS_PAGE, 'ideas');
  return listIdeas(ctx.platformEm, { organizationId: orgId }, first, after, false);
}

// Every organization's ideas (super admins), filtered and searched, with counts per status.
export function adminIdeas(
  ctx: Context,
  filter: IdeaFilter,
  first: number,
  after: string | null | undefined,
): Promise<IdeaListResult> {
  pageSize(first, MAX_IDEAS_PAGE, 'ideas');
  if (filter.organizationId) assertId(filter.organizationId, 'Organization');
  if ((filter.search?.length ?? 0) > 200) {
    throw badInput([{ field: 'search', message: 'At most 200 characters' }]);
  }
  return listIdeas(ctx.platformEm, filter, first, after, true);
}

export async function setIdeaStatus(ctx: Context, id: string, status: IdeaStatus): Promise<Idea> {
  const auth = ctx.auth;
  if (!auth) throw unauthenticated();
  assertId(id, 'Idea');
  await ctx.platformEm.transactional(async (em: EntityManager) => {
    const current = await lockIdea(em, id);
    if (!current) throw notFound('Idea');
    if (current.status === status) return;
    await updateIdeaStatus(em, id, current.status, status, auth.userId);
    await recordAudit(em, {
      actor: auth,
      action: 'idea.status',
      entityType: 'Idea',
      entityId: id,
      organizationId: current.organization_id,
      details: { status: { before: current.status, after: status } },
    });
  });
  return (await findIdea(ctx.platformEm, id))!;
}

export async function setIdeaAdminNote(ctx: Context, id: string, note: string): Promise<Idea> {
  const auth = ctx.auth;
  if (!auth) throw unauthenticated();
  assertId(id, 'Idea');
  const text = note.trim();
  if (text.length > IDEA_LIMITS.admin_note) {
    throw badInput([{ field: 'note', message: `At most ${IDEA_LIMITS.admin_note} characters` }]);
  }
  await ctx.platformEm.transactional(async (em: EntityManager) => {
    const current = await lockIdea(em, id);
    if (!current) throw notFound('Idea');
    if (current.admin_note === text) return;
    await updateIdeaNote(em, id, text);
    // The note is private: the audit says it changed, not what it says.
    await recordAudit(em, {
      actor: auth,
      action: 'idea.note',
      entityType: 'Idea',
      entityId: id,
      organizationId: current.organization_id,
      details: { length: { before: current.admin_note.length, after: text.length } },
    });
  });
  return (await findIdea(ctx.platformEm, id))!;
}
