import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { EMAIL_JOB, failedEmails } from '../../core/email/mailer.js';
import { notFound } from '../../core/errors/app-error.js';
import { recordAudit } from './admin-audit.service.js';

@ObjectType({ description: 'An email that failed its last try (the outbox’s dead letters)' })
export class FailedEmail {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  to: string;

  @Field(() => String, { description: 'Its subject, links masked' })
  subject: string;

  @Field(() => String)
  template: string;

  @Field(() => String, { description: "The mail server's last answer" })
  error: string;

  @Field(() => Int)
  tries: number;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  failedAt: Date | null;
}

@Resolver(() => FailedEmail)
export class EmailOutboxResolver {
  @Query(() => [FailedEmail], {
    description: 'Emails that failed every try, newest first (kept 30 days); super admins',
  })
  failedEmails(@Ctx() ctx: Context) {
    return failedEmails(ctx.services.jobs);
  }

  @Mutation(() => Boolean, {
    description: 'Put a failed email back in the outbox, its tries counted afresh; super admins',
  })
  async retryFailedEmail(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    const ok = /^[0-9a-f-]{36}$/i.test(id) && (await ctx.services.jobs.retry(EMAIL_JOB, id));
    if (!ok) throw notFound('Failed email');
    await recordAudit(ctx.platformEm, {
      actor: ctx.auth!,
      action: 'email.retry',
      entityType: 'Email',
      entityId: id,
    });
    return true;
  }
}
