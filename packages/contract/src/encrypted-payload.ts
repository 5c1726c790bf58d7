/**
 * Sealed request bodies for the spec's "E" calls (login, register, password
 * change, password reset). See docs/decisions/003-encrypted-payloads.md.
 *
 * Client: a fresh AES-256-GCM key per request encrypts
 * `{ v: 1, ts, nonce, payload }` under a random 96-bit IV, with the call's path
 * as additional data (a payload sealed for one call cannot be replayed to
 * another). The AES key is wrapped with the server's RSA-OAEP (SHA-256) public
 * key. The request carries:
 *   header  `Encryption: v1.<base64url(wrapped AES key)>`
 *   body    `{ "value": "<base64url(iv ‖ ciphertext ‖ tag)>" }`
 * Server: unwraps the key, decrypts, checks the path, the version and the age
 * of `ts`; the caller then refuses a reused `nonce`.
 *
 * WebCrypto only (`globalThis.crypto.subtle`), so the browser and the server
 * run this very file; it pulls in no zod.
 */

type Subtle = typeof globalThis.crypto.subtle;
/** WebCrypto's CryptoKey, named through `crypto.subtle` so it resolves with DOM and Node typings alike. */
export type PayloadKey = Parameters<Subtle['exportKey']>[1];

export const ENCRYPTION_HEADER = 'encryption';
export const ENCRYPTION_VERSION = 'v1';
/** A sealed payload older (or further in the future) than this is refused. */
export const SEALED_MAX_AGE_MS = 5 * 60 * 1000;

const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const IV_BYTES = 12;
const NONCE_BYTES = 16;

export type SealedRequest = {
  /** Value of the `Encryption` header. */
  header: string;
  /** The JSON body to send. */
  body: { value: string };
};

/** What the server learns from a sealed body. */
export type OpenedPayload = { payload: unknown; nonce: string; ts: number };

export type OpenFailure = 'malformed' | 'undecryptable' | 'stale';
export class OpenPayloadError extends Error {
  constructor(readonly reason: OpenFailure) {
    super(`sealed payload refused: ${reason}`);
  }
}

const subtle = (): Subtle => globalThis.crypto.subtle;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Throws on anything that is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new OpenPayloadError('malformed');
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    throw new OpenPayloadError('malformed');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Imports the server's public key as served by `GET /wps/session/publicKey` (SPKI DER, base64). */
export function importServerPublicKey(spkiBase64: string): Promise<PayloadKey> {
  return subtle().importKey('spki', fromBase64(spkiBase64), RSA, false, ['wrapKey']);
}

export type SealOptions = {
  /** The path of the call (`/wps/session/login`): bound into the ciphertext. */
  path: string;
  /** Epoch ms to stamp; pass `Date.now() + (serverTime - localTimeAtFetch)` to correct a skewed clock. */
  now?: number;
};

/** Client side: seals `payload` for the server. The key may be a CryptoKey or the base64 SPKI string. */
export async function sealForServer(publicKey: PayloadKey | string, payload: unknown, options: SealOptions): Promise<SealedRequest> {
  const rsaKey = typeof publicKey === 'string' ? await importServerPublicKey(publicKey) : publicKey;
  const aesKey = await subtle().generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const nonce = toBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES)));
  const plaintext = new TextEncoder().encode(JSON.stringify({ v: 1, ts: options.now ?? Date.now(), nonce, payload }));
  const ciphertext = new Uint8Array(
    await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(options.path) }, aesKey, plaintext),
  );
  const wrapped = new Uint8Array(await subtle().wrapKey('raw', aesKey, rsaKey, RSA));
  const body = new Uint8Array(IV_BYTES + ciphertext.length);
  body.set(iv);
  body.set(ciphertext, IV_BYTES);
  return { header: `${ENCRYPTION_VERSION}.${toBase64Url(wrapped)}`, body: { value: toBase64Url(body) } };
}

export type OpenOptions = {
  /** The path the request arrived on; must equal the path it was sealed for. */
  path: string;
  /** Server clock, epoch ms. */
  now: number;
  maxAgeMs?: number;
};

/**
 * Server side: opens a sealed body. Throws OpenPayloadError: `malformed` (not
 * a sealed request at all), `undecryptable` (wrong key, altered, or sealed for
 * another path) or `stale` (timestamp outside the allowed window). The caller
 * must still refuse a nonce it has seen before.
 */
export async function openFromClient(
  privateKey: PayloadKey,
  header: string | undefined,
  body: unknown,
  options: OpenOptions,
): Promise<OpenedPayload> {
  const value = typeof body === 'object' && body !== null ? (body as { value?: unknown }).value : undefined;
  if (typeof header !== 'string' || typeof value !== 'string') throw new OpenPayloadError('malformed');
  const [version, wrappedText, extra] = header.trim().split('.');
  if (version !== ENCRYPTION_VERSION || !wrappedText || extra !== undefined) throw new OpenPayloadError('malformed');
  const wrapped = fromBase64Url(wrappedText);
  const sealed = fromBase64Url(value);
  if (sealed.length <= IV_BYTES + 16) throw new OpenPayloadError('malformed');

  let plaintext: ArrayBuffer;
  try {
    const aesKey = await subtle().unwrapKey('raw', wrapped, privateKey, RSA, { name: 'AES-GCM', length: 256 }, false, ['decrypt']);
    plaintext = await subtle().decrypt(
      { name: 'AES-GCM', iv: sealed.subarray(0, IV_BYTES), additionalData: new TextEncoder().encode(options.path) },
      aesKey,
      sealed.subarray(IV_BYTES),
    );
  } catch {
    throw new OpenPayloadError('undecryptable');
  }

  let inner: { v?: unknown; ts?: unknown; nonce?: unknown; payload?: unknown };
  try {
    inner = JSON.parse(new TextDecoder().decode(plaintext));
  } catch {
    throw new OpenPayloadError('malformed');
  }
  if (inner.v !== 1 || typeof inner.ts !== 'number' || typeof inner.nonce !== 'string' || inner.nonce.length < 16) {
    throw new OpenPayloadError('malformed');
  }
  if (Math.abs(options.now - inner.ts) > (options.maxAgeMs ?? SEALED_MAX_AGE_MS)) throw new OpenPayloadError('stale');
  return { payload: inner.payload, nonce: inner.nonce, ts: inner.ts };
}
