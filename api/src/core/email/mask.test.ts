import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { MASK_EMAIL_LOG_SQL } from '../../../../platform-migrations/015_sign_in_safeguards.js';
import { createDatabase, dropDatabase, withDatabase } from '../../db/connection.js';
import { maskSecrets } from './mask.js';

const TOKEN = 'Jq3v_0aZ-9xYk2LmN8pQrS4tUvW6yZaB1cD3eF5gH7i';

// What the app's emails look like, and what the log keeps of them.
const SAMPLES: [string, string][] = [
  [
    `Open this link to accept (it is valid 7 days): https://app.covenant.example/activate?token=${TOKEN}`,
    'Open this link to accept (it is valid 7 days): https://app.covenant.example/activate?token=[hidden]',
  ],
  [
    `Set a new password within 15 minutes: http://localhost:4000/reset-password?token=${encodeURIComponent(TOKEN)}\n\nIf it was not you, ignore this message.`,
    'Set a new password within 15 minutes: http://localhost:4000/reset-password?token=[hidden]\n\nIf it was not you, ignore this message.',
  ],
  [
    'Download: https://x.example/attachments/a/b?exp=1767225600&sig=AbC-dEf_123&download=1 now',
    'Download: https://x.example/attachments/a/b?exp=[hidden]&sig=[hidden]&download=[hidden] now',
  ],
  [
    `A token in a path: https://x.example/activate/${TOKEN} works too`,
    'A token in a path: https://x.example/activate/[hidden] works too',
  ],
  [
    'Your API token cov_pat_Jq3v0aZ9xYk2LmN8pQrS4tUvW6yZaB1cD3eF5gH7iJ.',
    'Your API token [hidden].',
  ],
  // Ordinary words, names, addresses, dates and amounts stay as they are.
  [
    'Welcome to Maple-Ridge-Homeowners-Association, treasurer@maple-ridge.example: $1,234.56 due 2026-12-01. Why? Because.',
    'Welcome to Maple-Ridge-Homeowners-Association, treasurer@maple-ridge.example: $1,234.56 due 2026-12-01. Why? Because.',
  ],
];

describe('the email log masks links and tokens', () => {
  it('keeps where a link leads, never what opens it', () => {
    for (const [body, stored] of SAMPLES) {
      expect(maskSecrets(body)).toBe(stored);
      // Masking twice changes nothing more.
      expect(maskSecrets(stored)).toBe(stored);
    }
  });

  it('the migration masks the bodies already logged the same way, through the migrator', async () => {
    const db = inject('testDb');
    const name = `${db.prefix}_mask_${randomBytes(4).toString('hex')}`;
    await createDatabase(db.serverUrl, name, db.platformTemplate);
    const url = withDatabase(db.serverUrl, name);
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const read = async () =>
        (
          await client.query<{ body: string }>('SELECT body FROM email_log ORDER BY subject::int')
        ).rows.map((r) => r.body);
      try {
        await client.query(
          `INSERT INTO email_log (to_address, subject, body, template)
             SELECT 'a@example.test', n::text, body, 'invitation'
               FROM unnest($1::text[]) WITH ORDINALITY AS t(body, n)`,
          [SAMPLES.map(([body]) => body)],
        );
        // The statement as the migration runs it: MikroORM's connection, knex underneath.
        const orm = await MikroORM.init({
          clientUrl: url,
          entities: [],
          discovery: { warnWhenNoEntities: false },
          allowGlobalContext: true,
        });
        try {
          await orm.em.getConnection().execute(MASK_EMAIL_LOG_SQL);
        } finally {
          await orm.close(true);
        }
        expect(await read()).toEqual(SAMPLES.map(([, stored]) => stored));
      } finally {
        await client.end();
      }
    } finally {
      await dropDatabase(db.serverUrl, name);
    }
  });
});
