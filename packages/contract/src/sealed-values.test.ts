import { describe, expect, it } from 'vitest';
import { createClientKeyPair, exportPublicKey, openSealed, sealForClient } from './sealed-values.ts';

const links = ['https://t.me/playfront_support', 'mailto:support@playfront.localhost', '/support/chat?lang=বাংলা'];

describe('sealed values (customer-service links)', () => {
  it('opens on the client exactly what the server sealed, in order', async () => {
    const client = await createClientKeyPair();
    const { sealKey, sealed } = await sealForClient(await exportPublicKey(client.publicKey), links);
    expect(sealed).toHaveLength(links.length);
    const opened = await Promise.all(sealed.map((s) => openSealed(client.privateKey, sealKey, s)));
    expect(opened).toEqual(links);
  });

  it('never shows the plaintext and never reuses an IV', async () => {
    const client = await createClientKeyPair();
    const { sealed } = await sealForClient(await exportPublicKey(client.publicKey), [links[0]!, links[0]!]);
    const [a, b] = sealed;
    expect(a!.iv).not.toBe(b!.iv);
    expect(a!.data).not.toBe(b!.data);
    for (const s of sealed) expect(atob(s.data)).not.toContain('t.me');
  });

  it('gives a fresh server key on every call', async () => {
    const client = await createClientKeyPair();
    const key = await exportPublicKey(client.publicKey);
    const first = await sealForClient(key, links);
    const second = await sealForClient(key, links);
    expect(first.sealKey).not.toBe(second.sealKey);
    expect(atob(first.sealKey)).toHaveLength(65);
  });

  it('cannot be opened with another client key', async () => {
    const client = await createClientKeyPair();
    const eavesdropper = await createClientKeyPair();
    const { sealKey, sealed } = await sealForClient(await exportPublicKey(client.publicKey), links);
    await expect(openSealed(eavesdropper.privateKey, sealKey, sealed[0]!)).rejects.toThrow();
  });

  it('refuses a value that was altered in transit', async () => {
    const client = await createClientKeyPair();
    const { sealKey, sealed } = await sealForClient(await exportPublicKey(client.publicKey), links);
    const bytes = Uint8Array.from(atob(sealed[0]!.data), (c) => c.charCodeAt(0));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = { iv: sealed[0]!.iv, data: btoa(String.fromCharCode(...bytes)) };
    await expect(openSealed(client.privateKey, sealKey, tampered)).rejects.toThrow();
    // The untouched value still opens: the failure was not cached.
    await expect(openSealed(client.privateKey, sealKey, sealed[0]!)).resolves.toBe(links[0]);
  });

  it('refuses client keys that are not P-256 public keys', async () => {
    const offCurve = btoa(String.fromCharCode(4, ...new Array(64).fill(1)));
    for (const bad of ['', 'not base64 at all!', btoa('short'), offCurve]) {
      await expect(sealForClient(bad, links)).rejects.toThrow();
    }
  });
});
