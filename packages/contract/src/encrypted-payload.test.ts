import { beforeAll, describe, expect, it } from 'vitest';
import { OpenPayloadError, openFromClient, type PayloadKey, SEALED_MAX_AGE_MS, sealForServer, toBase64Url } from './encrypted-payload.ts';

const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const PATH = '/wps/session/login';

async function keyPair() {
  const pair = (await crypto.subtle.generateKey({ ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
    'wrapKey',
    'unwrapKey',
  ])) as { publicKey: PayloadKey; privateKey: PayloadKey };
  const spki = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey))));
  return { ...pair, spki };
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OpenPayloadError);
  return (err as OpenPayloadError).reason;
};

describe('sealed payloads', () => {
  let server: Awaited<ReturnType<typeof keyPair>>;
  let other: Awaited<ReturnType<typeof keyPair>>;
  beforeAll(async () => {
    [server, other] = await Promise.all([keyPair(), keyPair()]);
  });

  it('round-trips a payload sealed with the served SPKI key, with a fresh nonce each time', async () => {
    const payload = { username: 'demomember', password: 'demo1234', note: 'ঢাকা' };
    const now = 1_800_000_000_000;
    const a = await sealForServer(server.spki, payload, { path: PATH, now });
    const b = await sealForServer(server.publicKey, payload, { path: PATH, now });
    expect(a.header).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a.body.value).not.toContain('demo1234');
    expect(a.body.value).not.toBe(b.body.value);
    const opened = await openFromClient(server.privateKey, a.header, a.body, { path: PATH, now: now + 1000 });
    expect(opened.payload).toEqual(payload);
    expect(opened.ts).toBe(now);
    const openedB = await openFromClient(server.privateKey, b.header, b.body, { path: PATH, now });
    expect(openedB.nonce).not.toBe(opened.nonce);
  });

  it('refuses a payload sealed for another call, another key, or altered on the way', async () => {
    const now = Date.now();
    const sealed = await sealForServer(server.spki, { a: 1 }, { path: PATH, now });
    expect(await refusal(openFromClient(server.privateKey, sealed.header, sealed.body, { path: '/wps/member/register', now }))).toBe(
      'undecryptable',
    );
    expect(await refusal(openFromClient(other.privateKey, sealed.header, sealed.body, { path: PATH, now }))).toBe('undecryptable');
    const bytes = Uint8Array.from(atob(sealed.body.value.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    const altered = { value: toBase64Url(bytes) };
    expect(await refusal(openFromClient(server.privateKey, sealed.header, altered, { path: PATH, now }))).toBe('undecryptable');
  });

  it('refuses stale and future-dated payloads', async () => {
    const now = Date.now();
    const sealed = await sealForServer(server.spki, { a: 1 }, { path: PATH, now });
    expect(
      await refusal(openFromClient(server.privateKey, sealed.header, sealed.body, { path: PATH, now: now + SEALED_MAX_AGE_MS + 1 })),
    ).toBe('stale');
    expect(
      await refusal(openFromClient(server.privateKey, sealed.header, sealed.body, { path: PATH, now: now - SEALED_MAX_AGE_MS - 1 })),
    ).toBe('stale');
    await expect(
      openFromClient(server.privateKey, sealed.header, sealed.body, { path: PATH, now: now + SEALED_MAX_AGE_MS - 1 }),
    ).resolves.toBeTruthy();
  });

  it('calls a plain or mangled body malformed', async () => {
    const now = Date.now();
    const sealed = await sealForServer(server.spki, { a: 1 }, { path: PATH, now });
    const open = (header: string | undefined, body: unknown) => openFromClient(server.privateKey, header, body, { path: PATH, now });
    expect(await refusal(open(undefined, { username: 'x', password: 'y' }))).toBe('malformed');
    expect(await refusal(open(sealed.header, { username: 'x' }))).toBe('malformed');
    expect(await refusal(open('v2.abc', sealed.body))).toBe('malformed');
    expect(await refusal(open(sealed.header, { value: 'not base64url!' }))).toBe('malformed');
    expect(await refusal(open(sealed.header, { value: 'abc' }))).toBe('malformed');
  });
});
