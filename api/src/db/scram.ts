import { createHash, createHmac, pbkdf2 } from 'node:crypto';
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';

// Every new PostgreSQL connection signs in with SCRAM-SHA-256 (the embedded server's method, and
// the one a production server should use). pg's client does its side with WebCrypto: PBKDF2 over
// the password (4096 rounds, the server's default) on every connection, then four HMACs and hashes,
// each a WebCrypto job with its key imported and its result handed back through a promise. That
// was 4.1 to 4.4 ms of the API's CPU for each new connection (7 ms to connect and ask `select 1`),
// and under traffic spread over many associations most requests open one (bench/, the tenants
// bench's profiles: a sixth of the API's CPU in the uniform pattern).
//
// The salted password depends only on the password, the salt and the round count. The server keeps
// the salt and the count with the role's secret, so every connection of a role to a server gets the
// same ones: it is derived once per process (on the thread pool, as before) and kept. A changed
// password on either side gives another password or salt, so another derivation. What is kept is
// worth what the password is, which the process holds anyway. The HMACs and hashes run as plain
// node:crypto calls, microseconds each. With both, a connection took 1.7 ms of CPU (4.6 ms to
// connect and ask).
//
// pg's SCRAM code (lib/crypto/sasl.js) calls these functions through its utils module's exports,
// so replacing them there is all it takes; the protocol, and checking the server's signature,
// stay pg's.

interface PgCryptoUtils {
  deriveKey(password: string, salt: Uint8Array, iterations: number): Promise<ArrayBuffer | Buffer>;
  hmacSha256(key: ArrayBuffer | Uint8Array, msg: string): Promise<ArrayBuffer | Buffer>;
  sha256(text: ArrayBuffer | Uint8Array | string): Promise<ArrayBuffer | Buffer>;
}

const require = createRequire(import.meta.url);

export function pgCryptoUtils(): PgCryptoUtils {
  const utils = require('pg/lib/crypto/utils.js') as Partial<PgCryptoUtils>;
  const missing = (['deriveKey', 'hmacSha256', 'sha256'] as const).filter(
    (name) => typeof utils[name] !== 'function',
  );
  if (missing.length) {
    throw new Error(
      `pg's SCRAM helpers changed (missing ${missing.join(', ')}): update db/scram.ts`,
    );
  }
  return utils as PgCryptoUtils;
}

const toBuffer = (data: ArrayBuffer | Uint8Array | string) =>
  typeof data === 'string' ? data : Buffer.from(data as Uint8Array);

// (round count, salt, digest of the password) → the salted password, derived or being derived.
const salted = new LRUCache<string, Promise<Buffer>>({ max: 64 });

export const scramStats = { derivations: 0 };

function deriveKey(password: string, salt: Uint8Array, iterations: number): Promise<Buffer> {
  const key = `${iterations}:${Buffer.from(salt).toString('base64')}:${createHash('sha256')
    .update(password)
    .digest('base64')}`;
  let derived = salted.get(key);
  if (!derived) {
    scramStats.derivations++;
    derived = new Promise<Buffer>((resolve, reject) =>
      pbkdf2(password, salt, iterations, 32, 'sha256', (err, bytes) =>
        err ? reject(err) : resolve(bytes),
      ),
    );
    salted.set(key, derived);
    // A failed derivation is not kept.
    derived.catch(() => {
      if (salted.peek(key) === derived) salted.delete(key);
    });
  }
  return derived;
}

let installed = false;

export function quickScram(): void {
  if (installed) return;
  const utils = pgCryptoUtils();
  utils.deriveKey = deriveKey;
  utils.hmacSha256 = async (key, msg) => createHmac('sha256', toBuffer(key)).update(msg).digest();
  utils.sha256 = async (text) => createHash('sha256').update(toBuffer(text)).digest();
  installed = true;
}
