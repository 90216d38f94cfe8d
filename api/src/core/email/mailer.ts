import type { EntityManager } from '@mikro-orm/postgresql';
import { createTransport, type Transporter } from 'nodemailer';
import { AppError } from '../errors/app-error.js';
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

  async send(m: EmailMessage): Promise<void> {
    await logEmail(this.platformEm(), m);
    try {
      await this.transport.sendMail({
        from: this.from,
        to: m.to,
        subject: m.subject,
        text: m.body,
      });
    } catch {
      // The caller's work is committed (e.g. a pending invitation that can be resent or whose
      // link can be copied); the SMTP server's own words stay out of the answer.
      throw new AppError('SERVICE_UNAVAILABLE', 'The email could not be sent; try again later');
    }
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
