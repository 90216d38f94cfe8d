import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { isDatabaseAway } from '../core/db/availability.js';
import { platformEntities } from '../platform/entities.js';
import { createDatabase, withClient, withDatabase } from './connection.js';
import { initOrm } from './orm.js';

// A TCP relay in front of the test PostgreSQL that can hold every byte back (the database frozen,
// or its network gone quiet) and later deliver them all, as a database that wakes up does.
class FreezableRelay {
  private server?: Server;
  private readonly held: (() => void)[] = [];
  private readonly sockets = new Set<Socket>();
  private frozen = false;
  port = 0;

  constructor(private readonly target: URL) {}

  async start() {
    this.server = createServer((client) => {
      const upstream = connect(Number(this.target.port), this.target.hostname);
      const relay = (from: Socket, to: Socket) =>
        from.on('data', (chunk: Buffer) => {
          if (this.frozen) this.held.push(() => to.write(chunk));
          else to.write(chunk);
        });
      relay(client, upstream);
      relay(upstream, client);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('error', () => undefined).on('close', () => {
          client.destroy();
          upstream.destroy();
          this.sockets.delete(s);
        });
      }
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as { port: number }).port;
  }

  url(database: string) {
    const u = new URL(withDatabase(this.target.toString(), database));
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  freeze() {
    this.frozen = true;
  }

  thaw() {
    this.frozen = false;
    for (const deliver of this.held.splice(0)) deliver();
  }

  async close() {
    this.thaw();
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => this.server?.close(r));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The request ORMs' connection hygiene when statements go unanswered: a connection goes back into
// service only when the database left it idle, never in the middle of someone's transaction.
describe('request connections after a frozen database', () => {
  const { serverUrl } = inject('testDb');
  const relay = new FreezableRelay(new URL(serverUrl));
  const database = `${inject('testDb').prefix}_orm${randomBytes(4).toString('hex')}`;
  const direct = withDatabase(serverUrl, database);
  let orm: MikroORM | undefined;

  const notes = () =>
    withClient(direct, async (c) =>
      (await c.query<{ note: string }>('SELECT note FROM probe ORDER BY note')).rows.map(
        (r) => r.note,
      ),
    );

  // One connection, so that the statement after the outage is sure to get the one that lived
  // through it (or its replacement).
  async function requestOrm() {
    orm = await initOrm(relay.url(database), 1, platformEntities, false, {
      statementMs: 1000,
      acquireMs: 1000,
    });
    await orm.em.getConnection().execute('SELECT 1');
    return orm;
  }

  beforeAll(async () => {
    await relay.start();
    await createDatabase(serverUrl, database);
    await withClient(direct, (c) => c.query('CREATE TABLE probe (note text NOT NULL)'));
  });
  afterEach(async () => {
    relay.thaw();
    await orm?.close(true);
    orm = undefined;
    await withClient(direct, (c) => c.query('TRUNCATE probe'));
  });
  afterAll(() => relay.close());

  it('never lets the next request commit what a transaction cut off by the outage had written', async () => {
    const { em } = await requestOrm();
    const failed = await em
      .fork()
      .transactional(async (tx) => {
        await tx.execute(`INSERT INTO probe (note) VALUES ('half written')`);
        relay.freeze();
        await tx.execute('SELECT 1');
      })
      .catch((err: unknown) => err);
    expect(isDatabaseAway(failed)).toBe(true);

    // The database wakes up and answers the lost statement: on the server, that transaction is
    // still open, and its ROLLBACK was given up on.
    relay.thaw();
    await pause(300);
    await em.fork().transactional((tx) => tx.execute(`INSERT INTO probe (note) VALUES ('next')`));

    expect(await notes()).toEqual(['next']);
    const [state] = await em
      .getConnection()
      .execute<{ in_transaction: boolean }[]>(
        'SELECT now() <> statement_timestamp() AS in_transaction',
      );
    expect(state.in_transaction).toBe(false);
  });

  it('reports a transaction whose BEGIN went unanswered as the database away, and recovers', async () => {
    const { em } = await requestOrm();
    relay.freeze();
    const failed = await em
      .fork()
      .transactional((tx) => tx.execute(`INSERT INTO probe (note) VALUES ('never')`))
      .catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(Error);
    expect(isDatabaseAway(failed)).toBe(true);

    relay.thaw();
    await pause(300);
    await em.fork().transactional((tx) => tx.execute(`INSERT INTO probe (note) VALUES ('next')`));
    expect(await notes()).toEqual(['next']);
  });
});
