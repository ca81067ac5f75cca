// A software authenticator for the passkey tests: real ES256 keys (node:crypto), authenticatorData,
// clientDataJSON and a CBOR attestation object of format 'none', laid out as WebAuthn Level 3
// (§6.1, §6.5.4, §8.7) has them and as @simplewebauthn/browser would send them. Each answer is
// signed for real, so the server's checks are the ones a browser's answers meet.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor> | { [k: string]: Cbor };

/** Just enough CBOR (RFC 8949) for attestation objects and COSE keys: integers, text, bytes, arrays, maps. */
export function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The user handle the registration's options gave, returned with every assertion (a discoverable credential). */
  userHandle: string;
  rpId: string;
  counter: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** `origin` is where the "browser" runs; a test may answer from another to be refused. */
  constructor(readonly origin: string) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answer `navigator.credentials.create()` with the options the server gave. */
  create(options: any, opts: { origin?: string; credentialId?: Buffer } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = opts.credentialId ?? randomBytes(32);
    const rpId = options.rp.id as string;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]), Buffer.alloc(4), Buffer.alloc(16), idLength, id, coseKey]);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, opts.origin ?? this.origin);
    const credential: SoftCredential = { id, privateKey, userHandle: options.user.id, rpId, counter: 0 };
    this.credentials.push(credential);
    return {
      credential,
      response: {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
    };
  }

  /**
   * Answer `navigator.credentials.get()`: the counter goes up by one unless `counter` says what to
   * sign; `credentialId` claims another id than the key's (someone else's).
   */
  get(options: any, credential: SoftCredential, opts: { origin?: string; counter?: number; credentialId?: Buffer; userHandle?: string } = {}) {
    const counter = opts.counter ?? credential.counter + 1;
    credential.counter = Math.max(credential.counter, counter);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const authData = Buffer.concat([sha256(options.rpId ?? credential.rpId), Buffer.from([FLAG_UP | FLAG_UV]), count]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    const id = opts.credentialId ?? credential.id;
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: opts.userHandle ?? credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
