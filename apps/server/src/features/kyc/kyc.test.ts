import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FUNDS_PATHS, MESSAGES_PATHS } from '@playfront/contract/funds';
import { KYC_CONSOLE_PATHS, KYC_MAX_FILE_BYTES, KYC_PATHS, type RiskRules } from '@playfront/contract/kyc';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeClock, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { type Actor, actor, PAYMENT_PASSWORD } from '../../../test/hardening/hardening-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { runJobOnce } from '../../infra/jobs/job-runner.ts';
import { auditRows, consoleCall, type SignedInStaff, signedInStaff } from '../console/console.fixtures.ts';
import { deposit, memberWallet } from '../ledger/ledger.fixtures.ts';
import { checkLoginRisk } from '../risk/login-risk.ts';
import { insertLoginEvent } from '../security/security.repository.ts';
import { KYC_RETENTION_PERIOD_MS } from './kyc.plugin.ts';
import { kycRetentionJob } from './kyc.service.ts';
import { KycStorage } from './kyc-storage.ts';

/**
 * Identity checks, the brand's withdrawal and turnover rules, and risk flags (issue 18, lane B; decision 044), on one
 * database for the file: each test makes its own members.
 */
let database: TestDatabase;
let t: TestApp;
let kycDir: string;
let owner: SignedInStaff;
let riskStaff: SignedInStaff;
let finance: SignedInStaff;
let png: Buffer;
let jpeg: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  database = await createTestDatabase();
  kycDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-test-'));
  t = await makeApp(
    database,
    { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000', KYC_STORAGE_DIR: kycDir, PERIODIC_JOBS: 'off' },
    makeClock(new Date('2026-12-01T08:00:00Z')),
  );
  owner = await signedInStaff(t, 'owner');
  riskStaff = await signedInStaff(t, 'risk');
  finance = await signedInStaff(t, 'finance');
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#996633' } })
    .jpeg()
    .toBuffer();
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
  fs.rmSync(kycDir, { recursive: true, force: true });
});

const H = (token: string) => ({ authorization: token, merchant: 'DEMO' });
const RULES_OFF: RiskRules = {
  kycWithdrawalAbove: null,
  kycFirstWithdrawal: false,
  turnoverBps: 0,
  littlePlayBps: 1000,
  largeWinAbove: '10000000',
  sharedIpMembers: 3,
  travelKmh: 900,
  kycRetentionDays: 90,
};
async function setRules(over: Partial<RiskRules> = {}) {
  const res = await consoleCall(t, 'PUT', KYC_CONSOLE_PATHS.riskRules, owner.token, { ...RULES_OFF, ...over });
  expect(res.statusCode, res.body).toBe(200);
}

type Part = { name: string; value: string | Buffer; filename?: string };
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kyc${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename ? `form-data; name="${p.name}"; filename="${p.filename}"` : `form-data; name="${p.name}"`;
    const type = p.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const file = (name: string, value: Buffer, filename = `${name.toLowerCase()}.png`): Part => ({ name, value, filename });
const documents = (over: Partial<Record<'ID_FRONT' | 'ID_BACK' | 'SELFIE' | 'ADDRESS', Buffer>> = {}): Part[] => [
  file('ID_FRONT', over.ID_FRONT ?? png),
  file('ID_BACK', over.ID_BACK ?? jpeg),
  file('SELFIE', over.SELFIE ?? jpeg),
  file('ADDRESS', over.ADDRESS ?? pdf, 'address.pdf'),
];

function submit(token: string, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url: KYC_PATHS.submit, headers: { ...H(token), ...headers }, payload });
}
const myKyc = async (token: string) => (await t.app.inject({ method: 'GET', url: KYC_PATHS.status, headers: H(token) })).json().value;

const withdraw = (m: Actor, amount: string, accountName = 'Rahim Uddin', accountNumber = '01712345678') =>
  sealed(
    t,
    'POST',
    FUNDS_PATHS.withdrawals,
    { requestId: crypto.randomUUID(), amount, method: 'BKASH', accountName, accountNumber, paymentPassword: PAYMENT_PASSWORD },
    { token: m.token },
  );
const orders = (memberId: number) =>
  database.db.selectFrom('withdrawal_order').select(['amount', 'status']).where('member_id', '=', memberId).execute();
const filesStored = () => fs.readdirSync(kycDir).length;
const submissionOf = async (memberId: number) =>
  String(
    (
      await database.db
        .selectFrom('kyc_submission')
        .select('id')
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id,
  );

let round = 0;
/** A ROUND_SETTLED money event as the provider functions write it when a round closes. */
async function settled(memberId: number, validBet: bigint, winTotal = 0n, roundId = `kyc-${++round}`) {
  const reference = {
    vendor: 'PG',
    roundId,
    gameType: 'RNG',
    betTotal: String(validBet),
    validBet: String(validBet),
    winTotal: String(winTotal),
  };
  await sql`insert into money_event (member_id, kind, amount, balance_after, currency, source, reference)
    values (${memberId}, 'ROUND_SETTLED', 0, 0, 'BDT', 'provider:PG', ${JSON.stringify(reference)}::jsonb)`.execute(database.db);
}
const flagsOf = (memberId: number, kind?: string) => {
  let q = database.db.selectFrom('risk_flag').select(['kind', 'status', 'details']).where('member_id', '=', memberId);
  if (kind) q = q.where('kind', '=', kind as never);
  return q.execute();
};

describe(`KYC documents (${testDbKind})`, () => {
  it('refuses wrong content, a too big file and a missing document, and stores nothing', async () => {
    const m = await actor(database.db, t.clock.now);
    const before = filesStored();
    const text = Buffer.from('<html><script>alert(1)</script></html>');
    const wrong = await submit(m.token, [{ name: 'fullName', value: 'Rahim Uddin' }, ...documents({ ID_FRONT: text })]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'KYC_FILE_INVALID', message: 'errors.kycFileInvalid' });
    // A PDF is fine for a document, not for the selfie.
    expect((await submit(m.token, [{ name: 'fullName', value: 'Rahim Uddin' }, ...documents({ SELFIE: pdf })])).json().code).toBe(
      'KYC_FILE_INVALID',
    );
    const big = Buffer.concat([png, Buffer.alloc(KYC_MAX_FILE_BYTES)]);
    const tooBig = await submit(m.token, [{ name: 'fullName', value: 'Rahim Uddin' }, ...documents({ ADDRESS: big })]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('KYC_FILE_TOO_LARGE');
    const missing = await submit(m.token, [{ name: 'fullName', value: ' ' }, ...documents().slice(0, 3)]);
    expect(missing.json()).toMatchObject({ code: 'KYC_DOCUMENTS_MISSING', value: { missing: ['fullName', 'ADDRESS'] } });
    expect(await database.db.selectFrom('kyc_submission').select('id').where('member_id', '=', m.memberId).execute()).toEqual([]);
    expect(filesStored()).toBe(before);
    expect((await myKyc(m.token)).status).toBe('NOT_STARTED');
  });

  it('pending → rejected with a reason → sent again → approved by risk staff; files reach staff only; decisions audited', async () => {
    const m = await actor(database.db, t.clock.now);
    const sent = await submit(m.token, [{ name: 'fullName', value: '  Rahim   Uddin ' }, ...documents()]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toMatchObject({ status: 'PENDING', fullName: 'Rahim Uddin' });
    expect((await submit(m.token, [{ name: 'fullName', value: 'Rahim Uddin' }, ...documents()])).json().code).toBe('KYC_ALREADY_PENDING');
    const first = await submissionOf(m.memberId);

    const detail = await consoleCall(t, 'GET', KYC_CONSOLE_PATHS.kycSubmission.replace(':submissionId', first), riskStaff.token);
    expect(detail.statusCode).toBe(200);
    const docs = detail.json().value.documents as { id: string; kind: string; mime: string }[];
    expect(docs.map((d) => [d.kind, d.mime])).toEqual([
      ['ID_FRONT', 'image/png'],
      ['ID_BACK', 'image/jpeg'],
      ['SELFIE', 'image/jpeg'],
      ['ADDRESS', 'application/pdf'],
    ]);
    const docUrl = KYC_CONSOLE_PATHS.kycDocument.replace(':submissionId', first).replace(':documentId', docs[0]!.id);
    const file = await consoleCall(t, 'GET', docUrl, riskStaff.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(png)).toBe(true);
    // Not a member's call, not a role without kyc.review, and the names on disk say nothing.
    expect((await t.app.inject({ method: 'GET', url: docUrl, headers: H(m.token) })).json().code).toBe('STAFF_NOT_SIGNED_IN');
    expect((await consoleCall(t, 'GET', docUrl, finance.token)).json().code).toBe('STAFF_PERMISSION_DENIED');
    for (const name of fs.readdirSync(kycDir)) expect(name).toMatch(/^[0-9a-f]{64}$/);

    const reject = await consoleCall(t, 'POST', KYC_CONSOLE_PATHS.kycReject.replace(':submissionId', first), riskStaff.token, {
      reason: 'The selfie is blurred',
    });
    expect(reject.json().value).toMatchObject({ status: 'REJECTED', rejectReason: 'The selfie is blurred' });
    expect(await myKyc(m.token)).toMatchObject({ status: 'REJECTED', rejectReason: 'The selfie is blurred' });
    expect((await submit(m.token, [{ name: 'fullName', value: 'Rahim Uddin' }, ...documents()])).json().value.status).toBe('PENDING');
    const second = await submissionOf(m.memberId);
    const approveUrl = KYC_CONSOLE_PATHS.kycApprove.replace(':submissionId', second);
    expect((await consoleCall(t, 'POST', approveUrl, finance.token)).json().code).toBe('STAFF_PERMISSION_DENIED');
    const approved = await consoleCall(t, 'POST', approveUrl, riskStaff.token);
    expect(approved.json().value).toMatchObject({ status: 'APPROVED', decidedBy: riskStaff.username });
    expect((await consoleCall(t, 'POST', approveUrl, riskStaff.token)).json().code).toBe('KYC_NOT_PENDING');
    expect((await submit(m.token, [{ name: 'fullName', value: 'Rahim Uddin' }, ...documents()])).json().code).toBe('KYC_ALREADY_APPROVED');
    expect((await auditRows(database.db, 'kyc.reject', first)).length).toBe(1);
    expect((await auditRows(database.db, 'kyc.approve', second)).length).toBe(1);
    // The verified name becomes the payee name (none was set).
    expect(
      (await database.db.selectFrom('member').select('full_name').where('id', '=', m.memberId).executeTakeFirstOrThrow()).full_name,
    ).toBe('Rahim Uddin');
    const queue = await consoleCall(t, 'GET', `${KYC_CONSOLE_PATHS.kycQueue}?status=APPROVED&q=${m.username}`, riskStaff.token);
    expect(queue.json().value.list.map((s: { id: string }) => s.id)).toEqual([second]);
  });
});

describe(`KYC decisions and retention (${testDbKind}, decision 051)`, () => {
  const inbox = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `${MESSAGES_PATHS.list}?pageNo=1&pageSize=10`, headers: H(token) })).json().value.list as {
      type: string;
      params: Record<string, string>;
    }[];
  const reject = (id: string, reason: string) =>
    consoleCall(t, 'POST', KYC_CONSOLE_PATHS.kycReject.replace(':submissionId', id), riskStaff.token, { reason });
  const approve = (id: string) => consoleCall(t, 'POST', KYC_CONSOLE_PATHS.kycApprove.replace(':submissionId', id), riskStaff.token);

  it('the member gets an inbox message for each decision, the rejection with its reason', async () => {
    const m = await actor(database.db, t.clock.now);
    await submit(m.token, [{ name: 'fullName', value: 'Rahim Uddin' }, ...documents()]);
    expect((await reject(await submissionOf(m.memberId), 'The address proof is older than 3 months')).statusCode).toBe(200);
    expect(await inbox(m.token)).toEqual([
      expect.objectContaining({ type: 'KYC_REJECTED', params: { reason: 'The address proof is older than 3 months' } }),
    ]);
    await submit(m.token, [{ name: 'fullName', value: 'Rahim Uddin' }, ...documents()]);
    const second = await submissionOf(m.memberId);
    expect((await approve(second)).statusCode).toBe(200);
    // A second approval attempt is refused and sends nothing more.
    expect((await approve(second)).json().code).toBe('KYC_NOT_PENDING');
    expect((await inbox(m.token)).map((x) => x.type)).toEqual(['KYC_APPROVED', 'KYC_REJECTED']);
  });

  it('files of a rejected submission are deleted after the brand’s retention days by the job; rows and statuses stay', async () => {
    await setRules({ kycRetentionDays: 30 });
    const m = await actor(database.db, t.clock.now);
    await submit(m.token, [{ name: 'fullName', value: 'Rahim Uddin' }, ...documents()]);
    const rejected = await submissionOf(m.memberId);
    await reject(rejected, 'The selfie is blurred');
    await submit(m.token, [{ name: 'fullName', value: 'Rahim Uddin' }, ...documents()]);
    const approvedId = await submissionOf(m.memberId);
    await approve(approvedId);
    const namesOf = async (id: string) =>
      (await database.db.selectFrom('kyc_document').select('storage_name').where('submission_id', '=', BigInt(id)).execute()).map(
        (d) => d.storage_name,
      );
    const oldFiles = await namesOf(rejected);
    const keptFiles = await namesOf(approvedId);
    const onDisk = (name: string) => fs.existsSync(path.join(kycDir, name));
    expect(oldFiles.every(onDisk) && keptFiles.every(onDisk)).toBe(true);

    const job = kycRetentionJob(new KycStorage(kycDir), KYC_RETENTION_PERIOD_MS);
    const day = 86_400_000;
    const early = await runJobOnce(database.db, job, new Date(t.clock.now.getTime() + 30 * day - KYC_RETENTION_PERIOD_MS));
    expect(early).toEqual({ ran: true, affected: 0 });
    expect(oldFiles.every(onDisk)).toBe(true);

    const due = new Date(t.clock.now.getTime() + 30 * day);
    expect((await runJobOnce(database.db, job, due)).affected).toBeGreaterThanOrEqual(4);
    expect(oldFiles.some(onDisk)).toBe(false);
    expect(keptFiles.every(onDisk)).toBe(true);
    // The same period again does nothing; the next one finds nothing left.
    expect(await runJobOnce(database.db, job, due)).toEqual({ ran: false, affected: 0 });
    expect(await runJobOnce(database.db, job, new Date(due.getTime() + KYC_RETENTION_PERIOD_MS))).toEqual({ ran: true, affected: 0 });

    const rows = await database.db.selectFrom('kyc_document').select(['purged_at']).where('submission_id', '=', BigInt(rejected)).execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.purged_at?.getTime() === due.getTime())).toBe(true);
    const detail = await consoleCall(t, 'GET', KYC_CONSOLE_PATHS.kycSubmission.replace(':submissionId', rejected), riskStaff.token);
    expect(detail.json().value).toMatchObject({ status: 'REJECTED', rejectReason: 'The selfie is blurred', documents: [] });
    expect((await myKyc(m.token)).status).toBe('APPROVED');
    const rules = await consoleCall(t, 'GET', KYC_CONSOLE_PATHS.riskRules, owner.token);
    expect(rules.json().value.kycRetentionDays).toBe(30);
    await setRules();
  });
});

describe(`withdrawal rules (${testDbKind})`, () => {
  it('the first withdrawal needs an approved KYC, then only to an account in the verified name', async () => {
    await setRules({ kycFirstWithdrawal: true });
    const m = await actor(database.db, t.clock.now, { funds: 1_000_000n });
    const refused = await withdraw(m, '60000');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'KYC_REQUIRED', message: 'errors.kycRequired', value: { rule: 'FIRST' } });
    expect(await orders(m.memberId)).toEqual([]);
    await submit(m.token, [{ name: 'fullName', value: 'Karim Ahmed' }, ...documents()]);
    await consoleCall(t, 'POST', KYC_CONSOLE_PATHS.kycApprove.replace(':submissionId', await submissionOf(m.memberId)), owner.token);
    const otherName = await withdraw(m, '60000', 'Someone Else');
    // The security centre's payee name (now the verified name) refuses it first; both say the same.
    expect(['KYC_NAME_MISMATCH', 'PAYEE_NAME_MISMATCH']).toContain(otherName.json().code);
    expect(await orders(m.memberId)).toEqual([]);
    expect((await withdraw(m, '60000', 'karim  ahmed')).statusCode).toBe(200);
  });

  it('above the brand’s threshold needs an approved KYC; at the threshold it does not', async () => {
    await setRules({ kycWithdrawalAbove: '100000' });
    const m = await actor(database.db, t.clock.now, { funds: 1_000_000n });
    const above = await withdraw(m, '100001');
    expect(above.json()).toMatchObject({ code: 'KYC_REQUIRED', value: { rule: 'ABOVE', above: '100000' } });
    expect(await orders(m.memberId)).toEqual([]);
    expect((await withdraw(m, '100000')).statusCode).toBe(200);
    // A verified member whose payee name was set differently in the security centre is held to the verified name.
    await submit(m.token, [{ name: 'fullName', value: 'Nusrat Jahan' }, ...documents()]);
    await sql`update member set full_name = 'Rahim Uddin' where id = ${m.memberId}`.execute(database.db);
    await consoleCall(t, 'POST', KYC_CONSOLE_PATHS.kycApprove.replace(':submissionId', await submissionOf(m.memberId)), owner.token);
    expect((await withdraw(m, '200000')).json().code).toBe('KYC_NAME_MISMATCH');
  });

  it('turnover: a deposit must be played (settled stakes) before withdrawing; the refusal says how much is left', async () => {
    await setRules({ turnoverBps: 10_000 });
    const m = await actor(database.db, t.clock.now);
    await deposit(database.db, await memberWallet(database.db, m.memberId), 100_000n);
    // Right after the deposit, before the outbox consumer ran: the pending event counts already.
    const early = await withdraw(m, '60000');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'TURNOVER_NOT_MET', message: 'errors.turnoverNotMet', value: { left: '100000' } });
    await settled(m.memberId, 40_000n);
    await t.app.moneyOutbox?.drain();
    expect((await withdraw(m, '60000')).json().value).toEqual({ left: '60000' });
    expect((await myKyc(m.token)).turnoverLeft).toBe('60000');
    await settled(m.memberId, 60_000n);
    expect((await withdraw(m, '60000')).statusCode).toBe(200);
    await t.app.moneyOutbox?.drain();
    expect(
      await database.db
        .selectFrom('member_turnover')
        .select(['remaining', 'played_since_deposit'])
        .where('member_id', '=', m.memberId)
        .executeTakeFirst(),
    ).toEqual({
      remaining: 0n,
      played_since_deposit: 100_000n,
    });
    // Played through: no little-play flag.
    expect(await flagsOf(m.memberId, 'LITTLE_PLAY_WITHDRAWAL')).toEqual([]);
    await setRules();
  });
});

describe(`risk flags (${testDbKind})`, () => {
  it('raised once each by scripted behaviour: shared account, little play, large win', async () => {
    await setRules();
    const a = await actor(database.db, t.clock.now, { funds: 500_000n });
    const b = await actor(database.db, t.clock.now, { funds: 500_000n });
    expect((await withdraw(a, '60000', 'Rahim Uddin', '01799999999')).statusCode).toBe(200);
    expect((await withdraw(b, '60000', 'Rahim Uddin', '01799999999')).statusCode).toBe(200);
    expect((await withdraw(b, '60000', 'Rahim Uddin', '01799999999')).statusCode).toBe(200);
    const shared = await flagsOf(b.memberId, 'SHARED_PAYMENT_ACCOUNT');
    expect(shared).toHaveLength(1);
    expect(shared[0]!.details).toMatchObject({ members: [a.username], accountLast4: '9999' });
    // Deposited (the fixture's deposit) and withdrew without playing: one little-play flag per withdrawal.
    expect(await flagsOf(b.memberId, 'LITTLE_PLAY_WITHDRAWAL')).toHaveLength(2);

    await settled(a.memberId, 1_000n, 10_000_001n, 'big-round');
    await settled(a.memberId, 1_000n, 10_000_000n);
    await t.app.moneyOutbox?.drain();
    // The same round again (a replay) raises nothing more.
    await settled(a.memberId, 1_000n, 10_000_001n, 'big-round');
    await t.app.moneyOutbox?.drain();
    expect(await flagsOf(a.memberId, 'LARGE_WIN')).toEqual([
      { kind: 'LARGE_WIN', status: 'OPEN', details: expect.objectContaining({ win: '10000001' }) },
    ]);
  });

  it('console: list, filter, mark reviewed (audited, once); rules only for owner and admin', async () => {
    const list = await consoleCall(t, 'GET', `${KYC_CONSOLE_PATHS.riskFlags}?kind=LARGE_WIN&status=OPEN`, riskStaff.token);
    expect(list.statusCode).toBe(200);
    const flags = list.json().value.list as { id: string; kind: string }[];
    expect(flags.length).toBeGreaterThan(0);
    expect(flags.every((f) => f.kind === 'LARGE_WIN')).toBe(true);
    const url = KYC_CONSOLE_PATHS.riskFlagReview.replace(':flagId', flags[0]!.id);
    expect((await consoleCall(t, 'POST', url, finance.token, { note: 'x' })).json().code).toBe('STAFF_PERMISSION_DENIED');
    const reviewed = await consoleCall(t, 'POST', url, riskStaff.token, { note: 'Checked the round log' });
    expect(reviewed.json().value).toMatchObject({
      status: 'REVIEWED',
      reviewedBy: riskStaff.username,
      reviewNote: 'Checked the round log',
    });
    expect((await consoleCall(t, 'POST', url, riskStaff.token, { note: 'again' })).json().value.reviewNote).toBe('Checked the round log');
    expect((await auditRows(database.db, 'risk_flag.review', flags[0]!.id)).length).toBe(1);
    expect((await consoleCall(t, 'PUT', KYC_CONSOLE_PATHS.riskRules, riskStaff.token, RULES_OFF)).json().code).toBe(
      'STAFF_PERMISSION_DENIED',
    );
    expect((await consoleCall(t, 'GET', KYC_CONSOLE_PATHS.riskRules, riskStaff.token)).json().value).toEqual(RULES_OFF);
    expect((await consoleCall(t, 'GET', KYC_CONSOLE_PATHS.riskFlags, finance.token)).json().code).toBe('STAFF_PERMISSION_DENIED');
  });
  it('sign-ins: several members on one address and device, and far-apart places in a short time', async () => {
    await setRules();
    const members = [await actor(database.db, t.clock.now), await actor(database.db, t.clock.now), await actor(database.db, t.clock.now)];
    const ua = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile';
    const login = async (m: Actor, ip: string, userAgent = ua) => {
      await insertLoginEvent(database.db, {
        memberId: m.memberId,
        at: t.clock.now,
        ip,
        userAgent,
        browser: 'Chrome',
        os: 'Android',
        result: 'SUCCESS',
        method: 'PASSWORD',
      });
      await checkLoginRisk(database.db, { memberId: m.memberId, ip, userAgent, at: t.clock.now });
    };
    await login(members[0]!, '203.0.113.7');
    expect(await flagsOf(members[0]!.memberId)).toEqual([]);
    await login(members[1]!, '203.0.113.7');
    expect((await flagsOf(members[0]!.memberId, 'SHARED_DEVICE')).length).toBe(1);
    expect(await flagsOf(members[0]!.memberId, 'SHARED_IP')).toEqual([]);
    await login(members[2]!, '203.0.113.7', 'Mozilla/5.0 (iPhone) Safari/605');
    await login(members[2]!, '203.0.113.7', 'Mozilla/5.0 (iPhone) Safari/605');
    for (const m of members) expect(await flagsOf(m.memberId, 'SHARED_IP'), m.username).toHaveLength(1);
    expect(await flagsOf(members[2]!.memberId, 'SHARED_DEVICE')).toEqual([]);

    const put = await consoleCall(t, 'PUT', KYC_CONSOLE_PATHS.riskLocations, owner.token, {
      list: [
        { cidr: '198.51.100.0/24', label: 'Dhaka', latitude: 23.81, longitude: 90.41 },
        { cidr: '192.0.2.0/24', label: 'London', latitude: 51.51, longitude: -0.13 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const traveller = await actor(database.db, t.clock.now);
    await login(traveller, '198.51.100.20');
    t.clock.advance(30 * 60_000);
    await login(traveller, '192.0.2.40');
    const far = await flagsOf(traveller.memberId, 'FAR_APART_LOGINS');
    expect(far).toHaveLength(1);
    expect(far[0]!.details).toMatchObject({ from: 'Dhaka', to: 'London' });
  });
});
