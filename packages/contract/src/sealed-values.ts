/**
 * Values sealed for one client (customer-service links on the permission call).
 *
 * The web makes an ephemeral ECDH P-256 key pair and sends its public key in the
 * `x-client-key` header (CLIENT_KEY_HEADER). The server makes its own ephemeral
 * pair, derives an AES-256-GCM key from the ECDH shared secret with
 * HKDF-SHA-256 (info `playfront-cs-v1`), seals every value under a fresh
 * 96-bit IV and returns its public key as `sealKey`. Only the holder of the
 * client's private key can open them. See docs/decisions/002-sealed-customer-service-links.md.
 *
 * WebCrypto only (`globalThis.crypto.subtle`, in Node 20 and every browser), so
 * this file runs unchanged on both sides and pulls in no zod.
 *
 * Web side:
 *   const pair = await createClientKeyPair();
 *   headers[CLIENT_KEY_HEADER] = await exportPublicKey(pair.publicKey);
 *   …permission answer…
 *   const url = await openSealed(pair.privateKey, value.sealKey, entry.path);
 *
 * Server side:
 *   const { sealKey, sealed } = await sealForClient(headerValue, urls);
 */
import type { SealedValue } from './system.ts';

type Subtle = typeof globalThis.crypto.subtle;
/** WebCrypto's CryptoKey, named through `crypto.subtle` so the type resolves with DOM and with Node typings alike. */
export type SealKey = Parameters<Subtle['exportKey']>[1];
export type SealKeyPair = { publicKey: SealKey; privateKey: SealKey };

export type SealedBatch = {
  /** The server's ephemeral ECDH public key (raw, uncompressed point, base64). */
  sealKey: string;
  /** One entry per plaintext, same order. */
  sealed: SealedValue[];
};

const CURVE = { name: 'ECDH', namedCurve: 'P-256' } as const;
const HKDF_INFO = 'playfront-cs-v1';
/** An uncompressed P-256 point: 0x04 ‖ X ‖ Y. */
const RAW_PUBLIC_KEY_BYTES = 65;
const IV_BYTES = 12;

const subtle = (): Subtle => globalThis.crypto.subtle;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Throws on anything that is not base64. */
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The client's ephemeral pair. The private key is not extractable: it never leaves WebCrypto. */
export async function createClientKeyPair(): Promise<SealKeyPair> {
  const pair = (await subtle().generateKey(CURVE, false, ['deriveBits'])) as SealKeyPair;
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** A public key as raw uncompressed point bytes, base64: the form the header and `sealKey` carry. */
export async function exportPublicKey(publicKey: SealKey): Promise<string> {
  return toBase64(new Uint8Array(await subtle().exportKey('raw', publicKey)));
}

/** Imports a peer's raw base64 public key; throws if it is not a point on P-256. */
async function importPublicKey(publicKeyB64: string): Promise<SealKey> {
  const raw = fromBase64(publicKeyB64.trim());
  if (raw.length !== RAW_PUBLIC_KEY_BYTES || raw[0] !== 0x04) throw new Error('not an uncompressed P-256 public key');
  return subtle().importKey('raw', raw, CURVE, true, []);
}

/** ECDH shared secret → HKDF-SHA-256 → AES-256-GCM key. Both sides run exactly this. */
async function deriveAesKey(privateKey: SealKey, peerPublicKey: SealKey, usage: 'encrypt' | 'decrypt'): Promise<SealKey> {
  const shared = await subtle().deriveBits({ name: 'ECDH', public: peerPublicKey }, privateKey, 256);
  const hkdfKey = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode(HKDF_INFO) },
    hkdfKey,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/**
 * Server side: seals each plaintext for the client whose public key is given.
 * Throws when the client key is malformed; the caller then sends no values at all.
 */
export async function sealForClient(clientPublicKeyB64: string, plaintexts: readonly string[]): Promise<SealedBatch> {
  const clientKey = await importPublicKey(clientPublicKeyB64);
  const server = (await subtle().generateKey(CURVE, false, ['deriveBits'])) as SealKeyPair;
  const aesKey = await deriveAesKey(server.privateKey, clientKey, 'encrypt');
  const encoder = new TextEncoder();
  const sealed: SealedValue[] = [];
  for (const text of plaintexts) {
    // A fresh random IV per value: GCM must never reuse an IV under one key.
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const data = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, aesKey, encoder.encode(text)));
    sealed.push({ iv: toBase64(iv), data: toBase64(data) });
  }
  return { sealKey: await exportPublicKey(server.publicKey), sealed };
}

/** Derived keys per (client private key, server sealKey), so opening a list derives once. */
const openKeys = new WeakMap<SealKey, Map<string, Promise<SealKey>>>();

/**
 * Web side: opens one sealed value with the client's private key and the
 * `sealKey` of the same answer. Rejects if the value was altered, or was sealed
 * for another key pair.
 */
export async function openSealed(clientPrivateKey: SealKey, sealKeyB64: string, sealed: SealedValue): Promise<string> {
  const perServer = openKeys.get(clientPrivateKey) ?? new Map<string, Promise<SealKey>>();
  openKeys.set(clientPrivateKey, perServer);
  let aesKey = perServer.get(sealKeyB64);
  if (!aesKey) {
    aesKey = importPublicKey(sealKeyB64).then((serverKey) => deriveAesKey(clientPrivateKey, serverKey, 'decrypt'));
    // A failed derivation must not be cached: drop it so a later call retries.
    aesKey.catch(() => perServer.delete(sealKeyB64));
    perServer.set(sealKeyB64, aesKey);
  }
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv: fromBase64(sealed.iv) }, await aesKey, fromBase64(sealed.data));
  return new TextDecoder().decode(plain);
}
