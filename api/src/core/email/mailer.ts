import type { EntityManager } from '@mikro-orm/postgresql';
import { createTransport, type Transporter } from 'nodemailer';
import type { SecretBox } from '../crypto/secret-box.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { maskSecrets } from './mask.js';

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
  template: string;
}

// The one interface a provider implements: the console stub (the spec's default) or SMTP.
export interface Mailer {
  // True when messages actually leave the server (SMTP_URL is set); the web app says so honestly.
  readonly delivers: boolean;
  send(message: EmailMessage): Promise<void>;
}

// Every message sent, whole (its links usable), as it left: the test harness reads links from it.
export type SentListener = (m: EmailMessage) => void;

// The log keeps the message masked (mask.ts): super admins read it, and the links in it would
// activate accounts and reset passwords.
function logEmail(em: EntityManager, m: EmailMessage) {
  return em
    .getConnection()
    .execute('INSERT INTO email_log (to_address, subject, body, template) VALUES (?, ?, ?, ?)', [
      m.to,
      maskSecrets(m.subject),
      maskSecrets(m.body),
      m.template,
    ]);
}

// The stub: prints the message (whole: the console is its delivery) and keeps it, masked, in the
// email_log table.
export class StubMailer implements Mailer {
  readonly delivers: boolean = false;

  constructor(
    private readonly platformEm: () => EntityManager,
    private readonly print: (line: string) => void = (l) => console.log(l),
    private readonly sent?: SentListener,
  ) {}

  async send(m: EmailMessage): Promise<void> {
    await logEmail(this.platformEm(), m);
    this.print(`[email] to=${m.to} template=${m.template} subject="${m.subject}"\n${m.body}`);
    this.sent?.(m);
  }
}

// Real delivery through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465);
// every message is still kept in email_log.
export class SmtpMailer implements Mailer {
  readonly delivers: boolean = true;
  private readonly transport: Transporter;

  constructor(
    private readonly platformEm: () => EntityManager,
    smtpUrl: string,
    private readonly from: string,
    private readonly sent?: SentListener,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  // Throws the SMTP server's error (the outbox keeps it for the dead-letter list); the email log
  // records what left, once it has.
  async send(m: EmailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: m.to,
      subject: m.subject,
      text: m.body,
    });
    await logEmail(this.platformEm(), m);
    this.sent?.(m);
  }

  close() {
    this.transport.close();
  }
}

export function createMailer(
  opts: { smtpUrl?: string; emailFrom: string },
  platformEm: () => EntityManager,
  print?: (line: string) => void,
  sent?: SentListener,
): Mailer {
  return opts.smtpUrl
    ? new SmtpMailer(platformEm, opts.smtpUrl, opts.emailFrom, sent)
    : new StubMailer(platformEm, print, sent);
}

export const EMAIL_JOB = 'email';

interface EmailJob {
  to: string;
  subject: string;
  template: string;
  // The whole message, sealed: its links sign people in, and failed jobs are kept for 30 days.
  sealed: string;
}

const SEAL_CONTEXT = 'email-outbox';

// Every email is first a job (durable), then sent at once; the job is dropped when that works.
// When it does not (the SMTP server down or refusing), the caller's answer is unaffected and the
// queue tries again after EMAIL_RETRY_SECONDS, doubling, EMAIL_RETRY_LIMIT times; a message that
// fails its last try waits in the dead-letter list (failedEmails) for an admin to retry.
export class OutboxMailer implements Mailer {
  readonly delivers: boolean;

  constructor(
    private readonly transport: Mailer,
    private readonly jobs: JobQueue,
    private readonly secrets: SecretBox,
    private readonly opts: {
      retrySeconds: number;
      retryLimit: number;
      onError: (err: unknown) => void;
    },
  ) {
    this.delivers = transport.delivers;
    jobs.define<EmailJob>({
      name: EMAIL_JOB,
      retryLimit: opts.retryLimit,
      retryDelay: opts.retrySeconds,
      retryBackoff: true,
      expireInSeconds: 120,
      handler: (job) =>
        this.transport.send(JSON.parse(this.secrets.open(job.sealed, SEAL_CONTEXT))),
    });
  }

  async send(m: EmailMessage): Promise<void> {
    const job: EmailJob = {
      to: m.to,
      subject: maskSecrets(m.subject),
      template: m.template,
      sealed: this.secrets.seal(JSON.stringify(m), SEAL_CONTEXT),
    };
    const id = await this.jobs.send(EMAIL_JOB, job, { startAfterSeconds: this.opts.retrySeconds });
    try {
      await this.transport.send(m);
    } catch (err) {
      this.opts.onError(err);
      return;
    }
    if (id) await this.jobs.complete(EMAIL_JOB, id);
  }
}

export interface FailedEmail {
  id: string;
  to: string;
  subject: string;
  template: string;
  error: string;
  tries: number;
  createdAt: Date;
  failedAt: Date | null;
}

// The dead-letter list, newest first: who, what, and the SMTP server's last words.
export async function failedEmails(jobs: JobQueue, limit = 100): Promise<FailedEmail[]> {
  return (await jobs.failedJobs([EMAIL_JOB], limit)).map((j) => ({
    id: j.id,
    to: String(j.data.to ?? ''),
    subject: String(j.data.subject ?? ''),
    template: String(j.data.template ?? ''),
    error: j.error,
    // The attempt made at once, then each of the queue's.
    tries: j.retryCount + 2,
    createdAt: j.createdOn,
    failedAt: j.failedOn,
  }));
}
