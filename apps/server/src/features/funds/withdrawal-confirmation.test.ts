import { randomUUID } from 'node:crypto';
import { FUNDS_PATHS, OPS_FUNDS_PATHS } from '@playfront/contract/funds';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, makeClock, OPERATOR_KEY, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind, urlFor } from '../../../test/test-db.ts';
import { type Db, openPostgres } from '../../db/database.ts';
import { deposit, memberWallet } from '../ledger/ledger.fixtures.ts';
import { hashPassword } from '../session/password-hashing.ts';
import { expectBooksClean, loggedInMember } from './funds.fixtures.ts';
import { runAutoReceipt } from './withdrawal-confirmation.service.ts';

let database: TestDatabase;
let t: TestApp;
let origin: string;
beforeEach(async () => {
  database = await createTestDatabase();
  // The app's own job runner would tick at each wall-clock minute with the test's clock, and claim the very
  // (job, minute) the auto-receipt test claims by hand (seen once in a rehearsal: `ran: false`): it is off here.
  t = await makeApp(database, { ARGON2_PROFILE: 'test', WITHDRAW_AUTO_RECEIPT_MINUTES: '30', PERIODIC_JOBS: 'off' }, makeClock(new Date()));
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await t.app.close();
  await database.close();
});

const OPS = { [OPERATOR_KEY_HEADER]: OPERATOR_KEY };
// Real magic bytes: a PNG signature with an IHDR chunk, and a JPEG SOI/APP0 header.
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(64, 1)]);
const JPG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64, 2)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 3)]);

/** A member with an approved withdrawal; returns its order number. */
async function approvedWithdrawal(approve = true) {
  const m = await loggedInMember(database.db, t.clock.now);
  await sql`update member set payment_password_hash = ${await hashPassword('246810', 'test')} where id = ${m.memberId}`.execute(
    database.db,
  );
  await deposit(database.db, await memberWallet(database.db, m.memberId), 100_000n);
  const w = await sealed(
    t,
    'POST',
    FUNDS_PATHS.withdrawals,
    {
      requestId: randomUUID(),
      amount: '60000',
      method: 'NAGAD',
      accountName: 'A B',
      accountNumber: '01812345678',
      paymentPassword: '246810',
    },
    { token: m.token },
  );
  const orderNo = w.json().value.orderNo as string;
  if (approve)
    expect(
      (await t.app.inject({ method: 'POST', url: OPS_FUNDS_PATHS.approve.replace(':orderNo', orderNo), headers: OPS })).statusCode,
    ).toBe(200);
  return { ...m, orderNo };
}

function confirm(token: string, orderNo: string, outcome: string, files: { name: string; type: string; bytes: Buffer }[] = []) {
  const form = new FormData();
  form.set('outcome', outcome);
  for (const f of files) form.append('proof', new Blob([f.bytes], { type: f.type }), f.name);
  return fetch(`${origin}${FUNDS_PATHS.withdrawalConfirm.replace(':orderNo', orderNo)}`, {
    method: 'POST',
    headers: { authorization: token, merchant: 'DEMO' },
    body: form,
  });
}
type Reply = { code?: string; value: { confirmation: { outcome: string; forced: boolean; proofIds: string[] } | null } };
const json = async (r: Response) => (await r.json()) as Reply;

describe(`withdrawal confirmation (${testDbKind})`, () => {
  it('takes the answer once, with proof images checked by content, served only to the member and operators', async () => {
    const m = await approvedWithdrawal();
    const other = await loggedInMember(database.db, t.clock.now);
    expect((await json(await confirm(m.token, m.orderNo, 'NOT_RECEIVED'))).code).toBe('PROOF_REQUIRED');
    const spoofed = await confirm(m.token, m.orderNo, 'NOT_RECEIVED', [{ name: 'shot.png', type: 'image/png', bytes: GIF }]);
    expect(spoofed.status).toBe(415);
    const big = await confirm(m.token, m.orderNo, 'NOT_RECEIVED', [
      { name: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) },
    ]);
    expect(big.status).toBe(413);
    const many = await confirm(
      m.token,
      m.orderNo,
      'NOT_RECEIVED',
      [PNG, PNG, JPG, JPG].map((bytes, i) => ({ name: `${i}.png`, type: 'image/png', bytes })),
    );
    expect(many.status).toBe(413);
    expect(await database.db.selectFrom('withdrawal_confirmation').select('withdrawal_id').execute()).toEqual([]);
    expect((await confirm(other.token, m.orderNo, 'RECEIVED')).status).toBe(404);

    // A JPEG named .png with a wrong declared type is still accepted as what it is.
    const res = await confirm(m.token, m.orderNo, 'NOT_RECEIVED', [
      { name: 'a.png', type: 'image/png', bytes: PNG },
      { name: 'b.png', type: 'application/octet-stream', bytes: JPG },
    ]);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.value.confirmation).toMatchObject({ outcome: 'NOT_RECEIVED', forced: false });
    const [pngId, jpgId] = body.value.confirmation?.proofIds ?? [];
    const proofUrl = (id: string | undefined) => FUNDS_PATHS.withdrawalProof.replace(':orderNo', m.orderNo).replace(':proofId', id ?? '0');
    const mine = await t.app.inject({ method: 'GET', url: proofUrl(jpgId), headers: { authorization: m.token } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.rawPayload.equals(JPG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: proofUrl(pngId), headers: { authorization: other.token } })).statusCode).toBe(404);
    const ops = await t.app.inject({
      method: 'GET',
      url: OPS_FUNDS_PATHS.proof.replace(':orderNo', m.orderNo).replace(':proofId', pngId ?? '0'),
      headers: OPS,
    });
    expect(ops.headers['content-type']).toBe('image/png');
    expect(ops.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: OPS_FUNDS_PATHS.proof.replace(':orderNo', m.orderNo).replace(':proofId', pngId ?? '0') }))
        .statusCode,
    ).toBe(401);

    expect((await json(await confirm(m.token, m.orderNo, 'RECEIVED'))).code).toBe('CONFIRMATION_CLOSED');
    await expectBooksClean(database.db);
  });

  it('refuses to confirm a withdrawal that is not approved', async () => {
    const m = await approvedWithdrawal(false);
    expect((await json(await confirm(m.token, m.orderNo, 'RECEIVED'))).code).toBe('CONFIRMATION_CLOSED');
  });

  it('counts unanswered withdrawals as received after the limit, once per period across two instances; forced is final', async () => {
    const late = await approvedWithdrawal();
    const answered = await approvedWithdrawal();
    expect((await confirm(answered.token, answered.orderNo, 'PARTLY_RECEIVED')).status).toBe(200);
    // A second instance: its own pool on PostgreSQL, the same database.
    let second: { db: Db; close: () => Promise<void> } = { db: database.db, close: async () => {} };
    if (testDbKind === 'postgres') second = openPostgres(urlFor(database.name), 5);
    try {
      const early = await runAutoReceipt(database.db, t.clock.now, 30 * 60_000);
      expect(early).toEqual({ ran: true, affected: 0 });
      const later = new Date(t.clock.now.getTime() + 31 * 60_000);
      const runs = await Promise.all([runAutoReceipt(database.db, later, 30 * 60_000), runAutoReceipt(second.db, later, 30 * 60_000)]);
      expect(runs.filter((r) => r.ran)).toHaveLength(1);
      expect(runs.reduce((n, r) => n + r.affected, 0)).toBe(1);
      expect(await runAutoReceipt(second.db, new Date(later.getTime() + 1000), 30 * 60_000)).toEqual({ ran: false, affected: 0 });
    } finally {
      await second.close();
    }
    const rows = await database.db.selectFrom('withdrawal_confirmation').select(['outcome', 'forced']).orderBy('withdrawal_id').execute();
    expect(rows).toEqual([
      { outcome: 'RECEIVED', forced: true },
      { outcome: 'PARTLY_RECEIVED', forced: false },
    ]);
    expect(
      (await json(await confirm(late.token, late.orderNo, 'NOT_RECEIVED', [{ name: 'x.png', type: 'image/png', bytes: PNG }]))).code,
    ).toBe('CONFIRMATION_CLOSED');
    const list = await t.app.inject({ method: 'GET', url: FUNDS_PATHS.withdrawals, headers: { authorization: late.token } });
    expect(list.json().value.list[0].confirmation).toMatchObject({ outcome: 'RECEIVED', forced: true });
  });
});
