import { randomUUID } from 'node:crypto';
import { sealForServer } from '@playfront/contract/encrypted-payload';
import { FUNDS_PATHS, OPS_FUNDS_PATHS, PROOF_LIMITS } from '@playfront/contract/funds';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { SESSION_PATHS } from '@playfront/contract/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test-db.ts';
import { type Actor, actor, errorProblem, fingerprint, PAYMENT_PASSWORD } from './hardening-helpers.ts';

/**
 * Hostile withdrawal-confirmation uploads: every refusal is a catalogue error and stores nothing;
 * the content decides what a file is, never its name or declared type.
 */
let database: TestDatabase;
let t: TestApp;
let member: Actor;
let orderNo: string;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(64, 1)]);
const DISGUISED: Record<string, Buffer> = {
  'Windows executable': Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(256, 0)]),
  'ZIP archive': Buffer.concat([Buffer.from('504b0304140000000800', 'hex'), Buffer.alloc(128, 7)]),
  'HTML page': Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
  'SVG with script': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  'PDF document': Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(128, 32)]),
  'PNG signature only, then HTML': Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('<html><script>x</script>')]),
};

type Part = { name: string; value?: string; file?: { filename: string; type: string; bytes: Buffer } };
function multipart(parts: Part[], boundary = `----pf${randomUUID().replaceAll('-', '')}`) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.file
      ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type}\r\n\r\n`
      : `Content-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}`), p.file ? p.file.bytes : Buffer.from(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const confirmUrl = () => FUNDS_PATHS.withdrawalConfirm.replace(':orderNo', orderNo);
const send = (payload: Buffer | string, type: string) =>
  t.app.inject({
    method: 'POST',
    url: confirmUrl(),
    headers: { ...BASE_HEADERS, authorization: member.token, 'content-type': type },
    payload,
  });
const withFiles = (files: { filename: string; type: string; bytes: Buffer }[]) => {
  const form = multipart([{ name: 'outcome', value: 'NOT_RECEIVED' }, ...files.map((file) => ({ name: 'proof', file }))]);
  return send(form.body, form.type);
};

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' }, makeClock(new Date()));
  member = await actor(database.db, t.clock.now, { funds: 200_000n });
  const publicKey = (await t.app.inject({ method: 'GET', url: SESSION_PATHS.publicKey })).json().value.publicKey;
  const payload = {
    requestId: randomUUID(),
    amount: '60000',
    method: 'BKASH',
    accountName: 'A B',
    accountNumber: '01712345678',
    paymentPassword: PAYMENT_PASSWORD,
  };
  const sealed = await sealForServer(publicKey, payload, { path: FUNDS_PATHS.withdrawals, now: t.clock.now.getTime() });
  const w = await t.app.inject({
    method: 'POST',
    url: FUNDS_PATHS.withdrawals,
    headers: { ...BASE_HEADERS, authorization: member.token, encryption: sealed.header },
    payload: sealed.body,
  });
  orderNo = w.json().value.orderNo;
  const approved = await t.app.inject({
    method: 'POST',
    url: OPS_FUNDS_PATHS.approve.replace(':orderNo', orderNo),
    headers: { [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
  });
  expect(approved.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

describe(`withdrawal proof uploads (${testDbKind})`, () => {
  it('refuses hostile uploads with catalogue errors and stores nothing, then takes a real image', async () => {
    const before = await fingerprint(database.db);
    const refusals: { label: string; status: number; code: string | undefined; problem: string | undefined }[] = [];
    const record = async (label: string, res: Awaited<ReturnType<typeof send>>) =>
      refusals.push({ label, status: res.statusCode, code: res.json<{ code?: string }>().code, problem: errorProblem(res) });

    // Wrong request content types.
    await record('json', await send(JSON.stringify({ outcome: 'RECEIVED' }), 'application/json'));
    await record('urlencoded', await send('outcome=RECEIVED', 'application/x-www-form-urlencoded'));
    await record('text', await send('outcome=RECEIVED', 'text/plain'));
    await record('octet-stream', await send(PNG, 'application/octet-stream'));
    await record('multipart without boundary', await send(PNG, 'multipart/form-data'));
    await record('multipart, garbage body', await send(Buffer.from('\xff\xfe garbage'), 'multipart/form-data; boundary=nothere'));
    const nulNote = multipart([
      { name: 'outcome', value: 'RECEIVED' },
      { name: 'note', value: 'paid\u0000; drop table member' },
    ]);
    await record('note with a NUL character', await send(nulNote.body, nulNote.type));
    // Files disguised as PNG by name and declared type.
    for (const [label, bytes] of Object.entries(DISGUISED))
      await record(label, await withFiles([{ filename: 'receipt.png', type: 'image/png', bytes }]));
    // Over the size limit, and too many files.
    await record(
      'oversize',
      await withFiles([{ filename: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(PROOF_LIMITS.maxBytes + 1)]) }]),
    );
    await record(
      'too many files',
      await withFiles(
        Array.from({ length: PROOF_LIMITS.maxFiles + 1 }, (_, i) => ({ filename: `${i}.png`, type: 'image/png', bytes: PNG })),
      ),
    );

    console.log(refusals.map((r) => `${r.label.padEnd(32)} ${r.status} ${r.code}`).join('\n'));
    for (const r of refusals) expect(r).toMatchObject({ problem: undefined });
    const byLabel = Object.fromEntries(refusals.map((r) => [r.label, r]));
    for (const label of ['json', 'urlencoded', 'text', 'octet-stream', ...Object.keys(DISGUISED)])
      expect({ label, status: byLabel[label]?.status }).toEqual({ label, status: 415 });
    expect(byLabel['note with a NUL character']?.code).toBe('VALIDATION');
    expect(byLabel.oversize?.status).toBe(413);
    expect(byLabel['too many files']?.status).toBe(413);
    expect(await fingerprint(database.db)).toEqual(before);

    const ok = await withFiles([{ filename: 'receipt.exe', type: 'application/x-msdownload', bytes: PNG }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.confirmation).toMatchObject({ outcome: 'NOT_RECEIVED', proofIds: [expect.any(String)] });
  });
});
