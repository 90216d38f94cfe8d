import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { TransactionContext } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { platformEntities } from '../platform/entities.js';
import { User } from '../platform/users/users.entity.js';
import { releaseIdleAsyncContexts } from './async-context.js';
import { createDatabase, dropDatabase, withDatabase } from './connection.js';
import { migrate } from './migrations.js';
import { initOrm } from './orm.js';

// Node 20's own flag: whether the instance's async hook is on (every promise pays for it then).
const isOn = (storage: AsyncLocalStorage<unknown>) =>
  (storage as unknown as { enabled: boolean }).enabled;
// MikroORM's storage for the transaction a callback runs in (private in its typings).
const txStorage = () =>
  (TransactionContext as unknown as { storage: AsyncLocalStorage<unknown> }).storage;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('async contexts turned off when idle', () => {
  releaseIdleAsyncContexts();

  it('keeps a run its store while another run of the same storage ends first', async () => {
    const storage = new AsyncLocalStorage<string>();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: (string | undefined)[] = [];
    const long = storage.run('long', async () => {
      await gate;
      await tick();
      seen.push(storage.getStore());
    });
    await storage.run('short', async () => {
      await tick();
      seen.push(storage.getStore());
    });
    await tick();
    expect(isOn(storage)).toBe(true);
    release();
    await long;
    expect(seen).toEqual(['short', 'long']);
    await tick();
    expect(isOn(storage)).toBe(false);
    expect(storage.getStore()).toBeUndefined();
  });

  it('turns a storage on again for its next run', async () => {
    const storage = new AsyncLocalStorage<number>();
    await storage.run(1, async () => tick());
    await tick();
    expect(isOn(storage)).toBe(false);
    const inner = await storage.run(2, async () => {
      await tick();
      return storage.getStore();
    });
    expect(inner).toBe(2);
  });

  it('leaves a storage on for good once a run of it returns no promise', async () => {
    const storage = new AsyncLocalStorage<string>();
    const later = new Promise<string | undefined>((resolve) =>
      storage.run('sync', () => {
        setTimeout(() => resolve(storage.getStore()), 20);
      }),
    );
    await storage.run('async', async () => tick());
    await tick();
    expect(isOn(storage)).toBe(true);
    expect(await later).toBe('sync');
  });

  describe("MikroORM's transactions", () => {
    const { serverUrl, prefix } = inject('testDb');
    const database = `${prefix}_alsidle${randomBytes(4).toString('hex')}`;
    let orm: MikroORM;

    beforeAll(async () => {
      await createDatabase(serverUrl, database);
      await migrate(withDatabase(serverUrl, database), 'platform');
      orm = await initOrm(withDatabase(serverUrl, database), 2, platformEntities);
    });
    afterAll(async () => {
      await orm?.close(true);
      await dropDatabase(serverUrl, database);
    });

    it('find their transaction while in flight, and leave the hook off once done', async () => {
      const em = orm.em.fork();
      const email = `als-${randomBytes(4).toString('hex')}@example.test`;
      const inside = await em.transactional(async (tx: EntityManager) => {
        tx.create(User, { email, passwordHash: 'x' });
        await tx.flush();
        await tick();
        // The global EntityManager finds the transaction through the async context: the user
        // written but not committed is visible to it only from inside.
        const found = await orm.em.findOne(User, { email });
        return { found: found?.email, storageOn: isOn(txStorage()) };
      });
      expect(inside).toEqual({ found: email, storageOn: true });
      await tick();
      expect(isOn(txStorage())).toBe(false);
      expect(await orm.em.fork().count(User, { email })).toBe(1);
    });
  });
});
