import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

// What a message is about: the tenant directory's entry and the pool's checked identity ('tenant',
// by organization id), a membership's role ('membership', "userId:orgId"), a user's session version
// and two-step sign-in ('user'), an organization's requireMfa ('organization') and an API token's
// row ('api-token', by its hash).
export type BusTopic = 'tenant' | 'membership' | 'user' | 'organization' | 'api-token';

const TOPICS: ReadonlySet<string> = new Set<BusTopic>([
  'tenant',
  'membership',
  'user',
  'organization',
  'api-token',
]);

// Every process's caches of the platform's rows are dropped through this once a change commits.
// With REDIS_URL the message reaches every API process (and CLIs that publish); without it only
// this process, and the caches' TTLs stay the bound elsewhere. The TTLs stay the bound with Redis
// too, for a message missed while a process was reconnecting.
export interface CacheBus {
  // Tells every other process (and this one's subscribers) to drop what it cached for `key`.
  publish(topic: BusTopic, key: string): void;
  subscribe(topic: BusTopic, fn: (key: string) => void): void;
  // Resolves once the Redis connections are up (or after timeoutMs: messages are then lost until
  // they are, and the TTLs bound what is stale).
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

// QUIT waits for the server; a connection that is not up would wait for its reconnect forever.
const end = async (c: Redis) => {
  if (c.status !== 'ready') return c.disconnect();
  await c.quit().catch(() => c.disconnect());
};

// One channel for every topic: a process subscribes once, whatever it caches.
export const CACHE_BUS_CHANNEL = 'covenant:cache';

interface Message {
  // The publishing bus: a process skips its own echo (its subscribers were told on publish).
  o: string;
  t: BusTopic;
  k: string;
}

export function createCacheBus(opts: {
  redisUrl?: string;
  onError?: (err: unknown) => void;
}): CacheBus {
  const onError = opts.onError ?? (() => undefined);
  const subscribers = new Map<BusTopic, ((key: string) => void)[]>();
  const deliver = (topic: BusTopic, key: string) => {
    for (const fn of subscribers.get(topic) ?? []) {
      try {
        fn(key);
      } catch (err) {
        onError(err);
      }
    }
  };
  const local = {
    subscribe(topic: BusTopic, fn: (key: string) => void) {
      const list = subscribers.get(topic);
      if (list) list.push(fn);
      else subscribers.set(topic, [fn]);
    },
  };
  if (!opts.redisUrl) {
    return {
      ...local,
      publish: deliver,
      ready: async () => undefined,
      close: async () => undefined,
    };
  }

  const origin = randomUUID();
  // A publish while Redis is away fails at once rather than queue without bound: the TTLs cover
  // what it would have dropped.
  const publisher = new Redis(opts.redisUrl, { enableOfflineQueue: false });
  // A subscriber connection can only subscribe; ioredis subscribes again after a reconnect.
  const subscriber = new Redis(opts.redisUrl);
  // One report per outage, not one per publish or reconnect attempt.
  let down = false;
  let closed = false;
  const report = (err: unknown) => {
    if (down || closed) return;
    down = true;
    onError(err);
  };
  publisher.on('error', report);
  subscriber.on('error', report);
  publisher.on('ready', () => (down = false));
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== CACHE_BUS_CHANNEL) return;
    let message: Partial<Message>;
    try {
      message = JSON.parse(text) as Partial<Message>;
    } catch {
      return; // Not ours (another program on the channel): nothing to drop.
    }
    if (message.o === origin) return;
    if (typeof message.t !== 'string' || !TOPICS.has(message.t)) return;
    if (typeof message.k !== 'string') return;
    deliver(message.t, message.k);
  });
  const subscribed = subscriber.subscribe(CACHE_BUS_CHANNEL).catch((err: unknown) => {
    report(err);
  });

  return {
    ...local,
    publish(topic, key) {
      deliver(topic, key);
      const message: Message = { o: origin, t: topic, k: key };
      publisher.publish(CACHE_BUS_CHANNEL, JSON.stringify(message)).catch(report);
    },
    async ready(timeoutMs = 3000) {
      const up = Promise.all([
        publisher.status === 'ready'
          ? undefined
          : new Promise<void>((resolve) => publisher.once('ready', () => resolve())),
        subscribed,
      ]);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        up,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    },
    async close() {
      closed = true;
      await Promise.all([end(publisher), end(subscriber)]);
    },
  };
}
