import { randomBytes } from 'node:crypto';
import { CONSOLE_PATHS, consolePath } from '@playfront/contract/console';
import { BACKOFFICE_PATHS, backofficePath } from '@playfront/contract/console-backoffice';
import { OPS_ENVELOPE_PATHS } from '@playfront/contract/envelopes-paths';
import { OPERATOR_KEY_HEADER, OPS_PATHS } from '@playfront/contract/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../test/accounts-helpers.ts';
import { actor } from '../../../test/hardening/hardening-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { expectBooksClean, walletBalance } from '../funds/funds.fixtures.ts';
import { auditRows, consoleCall, type SignedInStaff, signedInStaff, staffHeaders } from './console.fixtures.ts';

let database: TestDatabase;
let t: TestApp;
let owner: SignedInStaff;
let finance: SignedInStaff;
let finance2: SignedInStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date('2026-12-01T08:00:00Z')));
  owner = await signedInStaff(t, 'owner');
  t.clock.advance(30_000);
  finance = await signedInStaff(t, 'finance');
  t.clock.advance(30_000);
  finance2 = await signedInStaff(t, 'finance');
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

// Real magic bytes: a PNG signature with an IHDR chunk.
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(64, 1)]);

/** POST a manual deposit as multipart (built by the platform's FormData, as the console sends it). */
async function manualDeposit(token: string, fields: Record<string, string>, proof: Buffer | null = PNG) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (proof) form.set('proof', new Blob([proof], { type: 'image/png' }), 'slip.png');
  const req = new Request('http://x/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: BACKOFFICE_PATHS.manualDeposits,
    headers: { ...staffHeaders(token), 'content-type': req.headers.get('content-type') ?? '' },
    payload: Buffer.from(await req.arrayBuffer()),
  });
}

const opsCall = (key: string, url: string, method: 'GET' | 'PUT' = 'GET', payload?: object) =>
  t.app.inject({ method, url, headers: { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: key }, ...(payload ? { payload } : {}) });

describe(`scoped operator keys (${testDbKind})`, () => {
  it('an owner creates a key (shown once, stored hashed) that opens only its scopes; rotate and revoke shut the old one', async () => {
    const created = await consoleCall(t, 'POST', BACKOFFICE_PATHS.operatorKeys, owner.token, { label: 'rain bot', scopes: ['envelopes'] });
    expect(created.statusCode).toBe(200);
    const { key, secret } = created.json().value as { key: { id: string; prefix: string; scopes: string[] }; secret: string };
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key.scopes).toEqual(['envelopes']);
    const stored = await database.db.selectFrom('operator_api_key').selectAll().where('id', '=', Number(key.id)).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(await auditRows(database.db, 'operator_key.create', key.id)).toHaveLength(1);
    expect(
      JSON.stringify(await auditRows(database.db, 'operator_key.create', key.id), (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    ).not.toContain(secret);

    // Inside its scope: allowed. Outside: refused before the body is read, nothing changes.
    expect((await opsCall(secret, OPS_ENVELOPE_PATHS.rains)).statusCode).toBe(200);
    const outside = await opsCall(secret, OPS_PATHS.maintenance, 'PUT', { maintenance: true });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'OPERATOR_SCOPE_DENIED', message: 'errors.operatorScopeDenied' });
    expect(
      (await database.db.selectFrom('brand').select('maintenance').where('merchant_code', '=', 'PFBD').executeTakeFirstOrThrow())
        .maintenance,
    ).toBe(false);
    expect((await opsCall(`${secret}x`, OPS_ENVELOPE_PATHS.rains)).json().code).toBe('OPERATOR_UNAUTHORIZED');
    // The bootstrap key keeps every scope.
    expect((await opsCall(OPERATOR_KEY, OPS_PATHS.brand)).statusCode).toBe(200);
    const listed = await consoleCall(t, 'GET', BACKOFFICE_PATHS.operatorKeys, owner.token);
    expect(listed.json().value.list[0]).toMatchObject({ id: key.id, label: 'rain bot', revokedAt: null });
    expect(listed.json().value.list[0].lastUsedAt).not.toBeNull();
    expect(listed.body).not.toContain(secret);

    const rotated = await consoleCall(t, 'POST', backofficePath('operatorKeyRotate', { keyId: key.id }), owner.token);
    const next = rotated.json().value as { key: { id: string; rotatedFrom: string; scopes: string[] }; secret: string };
    expect(next.key).toMatchObject({ rotatedFrom: key.id, scopes: ['envelopes'] });
    expect((await opsCall(secret, OPS_ENVELOPE_PATHS.rains)).json().code).toBe('OPERATOR_UNAUTHORIZED');
    expect((await opsCall(next.secret, OPS_ENVELOPE_PATHS.rains)).statusCode).toBe(200);
    expect(await auditRows(database.db, 'operator_key.rotate', key.id)).toHaveLength(1);
    const again = await consoleCall(t, 'POST', backofficePath('operatorKeyRotate', { keyId: key.id }), owner.token);
    expect(again.json().code).toBe('OPERATOR_KEY_REVOKED');

    const revoked = await consoleCall(t, 'POST', backofficePath('operatorKeyRevoke', { keyId: next.key.id }), owner.token, {
      reason: 'bot retired',
    });
    expect(revoked.json().value.revokedAt).not.toBeNull();
    expect((await opsCall(next.secret, OPS_ENVELOPE_PATHS.rains)).json().code).toBe('OPERATOR_UNAUTHORIZED');
    expect(await auditRows(database.db, 'operator_key.revoke', next.key.id)).toHaveLength(1);
    // Not even an admin manages keys.
    t.clock.advance(30_000);
    const admin = await signedInStaff(t, 'admin');
    expect((await consoleCall(t, 'GET', BACKOFFICE_PATHS.operatorKeys, admin.token)).json().code).toBe('STAFF_PERMISSION_DENIED');
  });
});

describe(`thresholds and manual deposits (${testDbKind})`, () => {
  it('the brand’s thresholds: owner sets them (one audit row), finance may not; adjustments follow them', async () => {
    const before = await consoleCall(t, 'GET', BACKOFFICE_PATHS.thresholds, finance.token);
    expect(before.json().value).toMatchObject({ adjustment: '1000000', withdrawal: '5000000', manualDeposit: '1000000', custom: false });
    const denied = await consoleCall(t, 'PUT', BACKOFFICE_PATHS.thresholds, finance.token, {
      adjustment: '1',
      withdrawal: '1',
      manualDeposit: '1',
    });
    expect(denied.json().code).toBe('STAFF_PERMISSION_DENIED');
    const set = await consoleCall(t, 'PUT', BACKOFFICE_PATHS.thresholds, owner.token, {
      adjustment: '5000',
      withdrawal: '5000000',
      manualDeposit: '50000',
    });
    expect(set.json().value).toMatchObject({ adjustment: '5000', manualDeposit: '50000', custom: true });
    const audit = await auditRows(database.db, 'settings.thresholds');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ adjustment: '1000000' });
    expect(audit[0]?.after).toMatchObject({ adjustment: '5000' });

    const member = await actor(database.db, t.clock.now, { funds: 100n });
    const adj = await consoleCall(t, 'POST', consolePath('memberAdjust', { memberId: member.memberId }), finance.token, {
      direction: 'CREDIT',
      amount: '6000',
      reason: 'goodwill credit',
      idempotencyKey: randomBytes(8).toString('hex'),
    });
    expect(adj.json().value).toMatchObject({ status: 'PENDING', needsSecondApproval: true });
  });

  it('manual deposit under the threshold credits once (a repeat is the same answer), with its proof kept and served as an image', async () => {
    const member = await actor(database.db, t.clock.now, { funds: 0n });
    const fields = {
      memberId: String(member.memberId),
      amount: '20000',
      reference: 'BKASH-TX-88121',
      reason: 'gateway outage, paid by bKash',
      idempotencyKey: randomBytes(8).toString('hex'),
    };
    const first = await manualDeposit(finance.token, fields);
    expect(first.statusCode).toBe(200);
    const md = first.json().value;
    expect(md).toMatchObject({ status: 'APPLIED', needsSecondApproval: false, amount: '20000' });
    const repeat = await manualDeposit(finance.token, fields);
    expect(repeat.json().value).toEqual(md);
    expect(await walletBalance(database.db, member.memberId)).toBe(20_000n);
    expect(await auditRows(database.db, 'manual_deposit.request', md.id)).toHaveLength(1);
    const conflict = await manualDeposit(finance.token, { ...fields, amount: '20001' });
    expect(conflict.json().code).toBe('IDEMPOTENCY_CONFLICT');

    const order = await database.db.selectFrom('deposit_order').selectAll().where('order_no', '=', md.orderNo).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'PAID', gateway: 'MANUAL', gateway_payment_id: 'BKASH-TX-88121' });
    const listed = await consoleCall(t, 'GET', `${BACKOFFICE_PATHS.deposits}?gateway=MANUAL&q=${member.username}`, finance.token);
    expect(listed.json().value.list).toEqual([
      expect.objectContaining({ orderNo: md.orderNo, status: 'PAID', memberUsername: member.username }),
    ]);

    const proof = await consoleCall(t, 'GET', backofficePath('manualDepositProof', { manualDepositId: md.id }), finance.token);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.headers['x-content-type-options']).toBe('nosniff');
    expect(proof.rawPayload.equals(PNG)).toBe(true);
    await expectBooksClean(database.db);
  });

  it('refuses what is not an image, a missing proof and a bad amount, changing nothing', async () => {
    const member = await actor(database.db, t.clock.now, { funds: 0n });
    const fields = {
      memberId: String(member.memberId),
      amount: '100',
      reference: 'REF-1',
      reason: 'manual credit',
      idempotencyKey: randomBytes(8).toString('hex'),
    };
    const html = await manualDeposit(finance.token, fields, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await manualDeposit(finance.token, fields, null)).json()).toMatchObject({
      code: 'MANUAL_DEPOSIT_PROOF_REQUIRED',
      message: 'errors.manualDepositProofRequired',
    });
    expect((await manualDeposit(finance.token, { ...fields, amount: '-5' })).json().code).toBe('VALIDATION');
    // Support may not credit money.
    t.clock.advance(30_000);
    const support = await signedInStaff(t, 'support');
    expect((await manualDeposit(support.token, fields)).json().code).toBe('STAFF_PERMISSION_DENIED');
    expect(await walletBalance(database.db, member.memberId)).toBe(0n);
    expect(await database.db.selectFrom('manual_deposit').select('id').where('member_id', '=', member.memberId).execute()).toHaveLength(0);
  });

  it('above the threshold: the requester can never approve; two other approvers racing post one credit', async () => {
    const member = await actor(database.db, t.clock.now, { funds: 0n });
    const res = await manualDeposit(finance.token, {
      memberId: String(member.memberId),
      amount: '75000',
      reference: 'NAGAD-5521',
      reason: 'bank transfer reconciled',
      idempotencyKey: randomBytes(8).toString('hex'),
    });
    const md = res.json().value;
    expect(md).toMatchObject({ status: 'PENDING', needsSecondApproval: true, orderNo: null });
    expect(await walletBalance(database.db, member.memberId)).toBe(0n);
    const self = await consoleCall(t, 'POST', backofficePath('manualDepositApprove', { manualDepositId: md.id }), finance.token);
    expect(self.json()).toMatchObject({ code: 'STAFF_SAME_APPROVER' });
    // Twice, the same person: still refused.
    expect(
      (await consoleCall(t, 'POST', backofficePath('manualDepositApprove', { manualDepositId: md.id }), finance.token)).json().code,
    ).toBe('STAFF_SAME_APPROVER');
    const [a, b] = await Promise.all([
      consoleCall(t, 'POST', backofficePath('manualDepositApprove', { manualDepositId: md.id }), finance2.token),
      consoleCall(t, 'POST', backofficePath('manualDepositApprove', { manualDepositId: md.id }), owner.token),
    ]);
    const codes = [a, b].map((r) => (r.statusCode === 200 ? 'OK' : r.json().code)).sort();
    expect(codes).toEqual(['MANUAL_DEPOSIT_NOT_PENDING', 'OK']);
    expect(await walletBalance(database.db, member.memberId)).toBe(75_000n);
    expect(await auditRows(database.db, 'manual_deposit.approve', md.id)).toHaveLength(1);
    const pending = await consoleCall(t, 'GET', `${BACKOFFICE_PATHS.manualDeposits}?status=APPLIED`, finance.token);
    expect(pending.json().value.list.map((d: { id: string }) => d.id)).toContain(md.id);
    await expectBooksClean(database.db);

    // A rejection: nothing moves; one audit row.
    const other = (
      await manualDeposit(finance.token, {
        memberId: String(member.memberId),
        amount: '90000',
        reference: 'NAGAD-5522',
        reason: 'bank transfer reconciled',
        idempotencyKey: randomBytes(8).toString('hex'),
      })
    ).json().value;
    const rejected = await consoleCall(t, 'POST', backofficePath('manualDepositReject', { manualDepositId: other.id }), finance2.token, {
      reason: 'slip does not match',
    });
    expect(rejected.json().value).toMatchObject({ status: 'REJECTED', decisionReason: 'slip does not match' });
    expect(await walletBalance(database.db, member.memberId)).toBe(75_000n);
    expect(await auditRows(database.db, 'manual_deposit.reject', other.id)).toHaveLength(1);
  });
});

describe(`member records, notes and reports (${testDbKind})`, () => {
  it('pages a member’s records on the server; notes are added (audited) and listed', async () => {
    const member = await actor(database.db, t.clock.now, { funds: 5_000n });
    const ledger = await consoleCall(
      t,
      'GET',
      `${backofficePath('memberRecords', { memberId: member.memberId, kind: 'ledger' })}?pageSize=1`,
      finance.token,
    );
    expect(ledger.json().value).toMatchObject({ total: 1, pageNo: 1, pageSize: 1 });
    expect(ledger.json().value.list[0]).toMatchObject({ amount: '5000', balanceAfter: '5000' });
    const sessions = await consoleCall(
      t,
      'GET',
      backofficePath('memberRecords', { memberId: member.memberId, kind: 'sessions' }),
      finance.token,
    );
    expect(sessions.json().value.total).toBeGreaterThanOrEqual(1);
    const unknown = await consoleCall(t, 'GET', backofficePath('memberRecords', { memberId: 999999, kind: 'bets' }), finance.token);
    expect(unknown.json().code).toBe('NOT_FOUND');

    t.clock.advance(30_000);
    const support = await signedInStaff(t, 'support');
    const note = await consoleCall(t, 'POST', backofficePath('memberNotes', { memberId: member.memberId }), support.token, {
      body: 'Called in about a late deposit; told to wait 10 minutes.',
    });
    expect(note.json().value).toMatchObject({ staff: support.username });
    expect(await auditRows(database.db, 'member.note', String(member.memberId))).toHaveLength(1);
    expect(
      (await consoleCall(t, 'POST', backofficePath('memberNotes', { memberId: member.memberId }), finance.token, { body: 'x' })).json()
        .code,
    ).toBe('STAFF_PERMISSION_DENIED');
    const notes = await consoleCall(t, 'GET', backofficePath('memberNotes', { memberId: member.memberId }), finance.token);
    expect(notes.json().value).toMatchObject({ total: 1, list: [{ body: 'Called in about a late deposit; told to wait 10 minutes.' }] });
  });

  it('daily report: one row per brand day, sorted and paged on the server, CSV with every day', async () => {
    const res = await consoleCall(
      t,
      'GET',
      `${BACKOFFICE_PATHS.reportDaily}?from=2026-11-20&to=2026-12-01&sort=deposits&order=desc&pageSize=5`,
      finance.token,
    );
    const value = res.json().value;
    expect(value).toMatchObject({ total: 12, pageSize: 5, from: '2026-11-20', to: '2026-12-01', timezone: 'UTC+06:00' });
    expect(value.list).toHaveLength(5);
    const csv = await consoleCall(
      t,
      'GET',
      `${BACKOFFICE_PATHS.reportDailyCsv}?from=2026-11-20&to=2026-12-01&sort=day&order=asc`,
      finance.token,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'day,deposits_minor,withdrawals_minor,bets_minor,wins_minor,ggr_minor,bonuses_minor,ngr_minor,new_players,active_players',
    );
    expect(lines).toHaveLength(13);
    expect(lines[1]?.startsWith('"2026-11-20"')).toBe(true);
    const bad = await consoleCall(t, 'GET', `${BACKOFFICE_PATHS.reportDaily}?from=2026-12-05&to=2026-12-01`, finance.token);
    expect(bad.json().code).toBe('VALIDATION');
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.dashboard, finance.token)).statusCode).toBe(200);
  });
});
