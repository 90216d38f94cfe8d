import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

// A software passkey authenticator: a P-256 key pair that answers WebAuthn creation and request
// options the way a browser and a platform authenticator do together ('none' attestation, ES256
// signatures), so the API's real verification runs against real bytes.

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

// The few CBOR items attestation needs: unsigned and negative integers, byte and text strings,
// maps (RFC 8949, definite lengths, keys in the order given).
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export interface CeremonyOverrides {
  // What the browser would put in clientDataJSON / what the authenticator hashes as the RP ID.
  origin?: string;
  rpId?: string;
  challenge?: string;
  userVerified?: boolean;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class FakeAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  // The signature counter; each assertion adds one unless told what to send.
  counter = 0;
  userHandle: string | null = null;

  constructor(private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private rpIdOf(origin: string) {
    return new URL(origin).hostname;
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private flags(userVerified: boolean, extra = 0) {
    // A platform passkey synced by its provider: backup eligible and backed up.
    return FLAG.UP | (userVerified ? FLAG.UV : 0) | FLAG.BE | FLAG.BS | extra;
  }

  // What startRegistration() answers for these creation options.
  register(options: CreationOptions, o: CeremonyOverrides = {}) {
    const origin = o.origin ?? this.origin;
    const rpId = o.rpId ?? options.rp.id ?? this.rpIdOf(origin);
    this.userHandle = options.user.id;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(o.userVerified ?? true, FLAG.AT)]),
      counter,
      Buffer.alloc(16), // AAGUID: none given
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      'webauthn.create',
      o.challenge ?? options.challenge,
      origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
    };
  }

  // What startAuthentication() answers; `counter` sends that value instead of the next one.
  assert(options: RequestOptions, o: CeremonyOverrides & { counter?: number } = {}) {
    const origin = o.origin ?? this.origin;
    const rpId = o.rpId ?? options.rpId ?? this.rpIdOf(origin);
    if (o.counter === undefined) this.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(o.counter ?? this.counter);
    const authenticatorData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(o.userVerified ?? true)]),
      counter,
    ]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      o.challenge ?? options.challenge,
      origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
