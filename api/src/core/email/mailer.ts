import type { EntityManager } from '@mikro-orm/postgresql';

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
  template: string;
}

// The one interface a real provider would implement; no provider is wired.
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

// The stub: prints the message and keeps it in the email_log table.
export class StubMailer implements Mailer {
  constructor(
    private readonly platformEm: () => EntityManager,
    private readonly print: (line: string) => void = (l) => console.log(l),
  ) {}

  async send(m: EmailMessage): Promise<void> {
    await this.platformEm()
      .getConnection()
      .execute('INSERT INTO email_log (to_address, subject, body, template) VALUES (?, ?, ?, ?)', [
        m.to,
        m.subject,
        m.body,
        m.template,
      ]);
    this.print(`[email] to=${m.to} template=${m.template} subject="${m.subject}"\n${m.body}`);
  }
}
