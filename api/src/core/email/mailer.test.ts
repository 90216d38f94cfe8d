import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

// A local SMTP server speaking the real protocol: nodemailer is exercised end to end.
function startSmtp(opts: { reject?: boolean } = {}) {
  // Flipped by a test: the server refuses while it is set.
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, cb) {
      cb(
        opts.reject ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : null,
      );
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  return new Promise<{
    server: SMTPServer;
    url: string;
    received: Received[];
    opts: { reject?: boolean };
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ server, url: `smtp://127.0.0.1:${port}`, received, opts });
    });
  });
}

// Quoted-printable soft line breaks and escapes, as SMTP carries a long text body.
function decodeQp(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

const INVITE = `mutation ($e: String!) { inviteMember(email: $e, role: USER) { email status } }`;

describe('email through SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let failing: Awaited<ReturnType<typeof startSmtp>>;
  let app: TestApp;
  let down: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    failing = await startSmtp({ reject: true });
    app = await startTestApp({ smtpUrl: smtp.url, emailFrom: 'Covenant <hello@covenant.test>' });
    // The outbox tries again after a second, then twice more with doubling waits: a dead letter.
    down = await startTestApp({
      smtpUrl: failing.url,
      emailFrom: 'hello@covenant.test',
      jobs: {
        work: true,
        pollingSeconds: 0.5,
        retrySeconds: 1,
        emailRetrySeconds: 1,
        emailRetryLimit: 2,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await down.close();
    await new Promise<void>((r) => smtp.server.close(() => r()));
    await new Promise<void>((r) => failing.server.close(() => r()));
  });

  it('delivers the invitation with its link, and still logs it', async () => {
    const org = await createOrg(app.services, 'Smtp HOA');
    const admin = await createUser(app.services, { memberships: [{ org }] });
    const token = tokenFor(app.services, admin, org);
    const configured = await app.gql('{ emailDeliveryConfigured }', {}, token);
    expect(configured.body.data!.emailDeliveryConfigured).toBe(true);

    const res = await app.gql(INVITE, { e: 'smtp.invitee@example.test' }, token);
    expect(res.body.data!.inviteMember).toEqual({
      email: 'smtp.invitee@example.test',
      status: 'INVITED',
    });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.from).toBe('hello@covenant.test');
    expect(mail.to).toEqual(['smtp.invitee@example.test']);
    expect(mail.raw).toMatch(/^Subject: You are invited to Smtp HOA on Covenant\r?$/m);
    const body = decodeQp(mail.raw);
    const link = /(http\S+\/activate\?token=\S+)/.exec(body)![1];
    expect(link.startsWith(`${app.services.publicUrl}/activate?token=`)).toBe(true);
    // The link that arrived is the working one.
    const t = decodeURIComponent(new URL(link).searchParams.get('token')!);
    const info = await app.gql(`query ($t: String!) { invitation(token: $t) { email } }`, { t });
    expect(info.body.data!.invitation.email).toBe('smtp.invitee@example.test');
    expect((await app.lastEmail('smtp.invitee@example.test'))!.body).toContain(link);
    // The log keeps where the link led, not the token that opens it.
    const [logged] = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(`SELECT body FROM email_log WHERE to_address = ?`, ['smtp.invitee@example.test']);
    expect(logged.body).toContain(`${app.services.publicUrl}/activate?token=[hidden]`);
    expect(logged.body).not.toContain(encodeURIComponent(t));
  });

  it('keeps an email the server refuses: tried again with backoff, then a dead letter an admin retries', async () => {
    const org = await createOrg(down.services, 'Refused HOA');
    const admin = await createUser(down.services, { memberships: [{ org }] });
    const token = tokenFor(down.services, admin, org);
    const root = await createUser(down.services, { isSuperadmin: true });
    const rootToken = tokenFor(down.services, root, null);
    // The invitation stands and the answer is not the mail server's business.
    const res = await down.gql(INVITE, { e: 'refused@example.test' }, token);
    expect(res.body.errors).toBeUndefined();
    const pending = await down.gql('{ pendingInvitations { email } }', {}, token);
    expect(pending.body.data!.pendingInvitations).toEqual([{ email: 'refused@example.test' }]);
    expect(await down.lastEmail('refused@example.test')).toBeNull();

    // Four tries (at once, then the queue's: after 1 s, 2 s more, 4 s more), then the dead letters.
    const FAILED = '{ failedEmails { id to subject template error tries } }';
    const failed = await vi.waitFor(
      async () => {
        const r = await down.gql(FAILED, {}, rootToken);
        const [dead] = r.body.data!.failedEmails;
        if (!dead) throw new Error('not failed yet');
        return dead;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(failed).toMatchObject({
      to: 'refused@example.test',
      template: 'invitation',
      tries: 4,
    });
    expect(failed.error).toMatch(/Mailbox unavailable/);
    // Its links stay sealed: the list shows no token.
    expect(JSON.stringify(failed)).not.toMatch(/token=/);
    // Not for an association's admin.
    const refused = await down.gql(FAILED, {}, token);
    expect(refused.body.errors![0].extensions!.code).toBe('FORBIDDEN');

    // The server is fixed; the admin retries; it is delivered and leaves the list.
    failing.opts.reject = false;
    const retry = await down.gql(
      'mutation ($id: ID!) { retryFailedEmail(id: $id) }',
      { id: failed.id },
      rootToken,
    );
    expect(retry.body.data).toEqual({ retryFailedEmail: true });
    const mail = await vi.waitFor(
      async () => {
        const m = await down.lastEmail('refused@example.test');
        if (!m) throw new Error('not delivered yet');
        return m;
      },
      { timeout: 10_000, interval: 250 },
    );
    expect(mail.body).toContain('/activate?token=');
    expect(failing.received.map((r) => r.to)).toEqual([['refused@example.test']]);
    expect((await down.gql(FAILED, {}, rootToken)).body.data!.failedEmails).toEqual([]);
    // A retry of what is not a dead letter is NOT_FOUND.
    const again = await down.gql(
      'mutation ($id: ID!) { retryFailedEmail(id: $id) }',
      { id: failed.id },
      rootToken,
    );
    expect(again.body.errors![0].extensions!.code).toBe('NOT_FOUND');
  });
});
