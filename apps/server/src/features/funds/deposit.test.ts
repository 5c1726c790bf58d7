import { FUNDS_PATHS } from '@playfront/contract/funds';
import { MESSAGES_PATHS } from '@playfront/contract/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clock, makeApp, makeClock } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { eventId, expectBooksClean, loggedInMember, SANDBOX_SECRET, signedWebhook, txnId, walletBalance } from './funds.fixtures.ts';
import type { SandboxWebhookBody } from './sandbox-gateway.ts';

let database: TestDatabase;
let app: FastifyInstance;
let clock: Clock;
let origin: string;

/**
 * One database and listening app for the file (decision 037): every test pays with members of its own and looks only
 * at their orders, money and messages; "nothing was written" is checked against what the table held before. The clock
 * only moves forward.
 */
beforeAll(async () => {
  database = await createTestDatabase();
  clock = makeClock(new Date());
  ({ app } = await makeApp(database, { PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET, DEPOSIT_ORDER_MINUTES: '30' }, clock));
  // The sandbox gateway calls back over real HTTP, so the app listens.
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const H = (token: string, extra: Record<string, string> = {}) => ({ authorization: token, merchant: 'DEMO', ...extra });

async function createOrder(token: string, amount = '50000', channelCode = 'BKASH', language = 'en') {
  const res = await app.inject({
    method: 'POST',
    url: FUNDS_PATHS.depositOrders,
    headers: H(token, { language }),
    payload: { channelCode, amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { orderNo: string; payUrl: string; status: string; amount: string; expiresAt: string };
}

async function orderOf(token: string, orderNo: string) {
  const res = await app.inject({ method: 'GET', url: FUNDS_PATHS.depositOrder.replace(':orderNo', orderNo), headers: H(token) });
  return res;
}

type WebhookReply = { code?: string; value: { received: boolean; duplicate: boolean } };
const bodyOf = async (r: Response) => (await r.json()) as WebhookReply;
const postWebhook = (raw: string, headers: Record<string, string>) =>
  fetch(`${origin}${FUNDS_PATHS.sandboxWebhook}`, { method: 'POST', headers, body: raw });

async function paymentIdOf(orderNo: string): Promise<string> {
  const row = await database.db
    .selectFrom('sandbox_payment')
    .select('id')
    .where('merchant_order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function paidBody(orderNo: string, amount: string, overrides: Partial<SandboxWebhookBody> = {}): Promise<SandboxWebhookBody> {
  return {
    eventId: eventId(),
    paymentId: await paymentIdOf(orderNo),
    merchantOrderNo: orderNo,
    status: 'PAID',
    transactionId: txnId(),
    amount,
    currency: 'BDT',
    reason: null,
    ...overrides,
  };
}

describe(`deposits through the sandbox gateway (${testDbKind})`, () => {
  it('lists the brand channels with limits and refuses amounts outside them, unknown channels and trial accounts', async () => {
    const ordersBefore = await database.db.selectFrom('deposit_order').select('id').orderBy('id').execute();
    const { token } = await loggedInMember(database.db, clock.now);
    const list = await app.inject({ method: 'GET', url: FUNDS_PATHS.depositChannels, headers: H(token, { language: 'bn' }) });
    expect(list.statusCode).toBe(200);
    expect(list.json().value.currency).toBe('BDT');
    expect(list.json().value.list.map((c: { code: string }) => c.code)).toEqual(['BKASH', 'NAGAD', 'ROCKET', 'BANK']);
    expect(list.json().value.list[0]).toEqual({ code: 'BKASH', name: 'বিকাশ', min: '10000', max: '2500000' });

    const low = await app.inject({
      method: 'POST',
      url: FUNDS_PATHS.depositOrders,
      headers: H(token),
      payload: { channelCode: 'BKASH', amount: '9999' },
    });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', value: { min: '10000', max: '2500000' } });
    const high = await app.inject({
      method: 'POST',
      url: FUNDS_PATHS.depositOrders,
      headers: H(token),
      payload: { channelCode: 'BKASH', amount: '2500001' },
    });
    expect(high.json().code).toBe('AMOUNT_OUT_OF_RANGE');
    const unknown = await app.inject({
      method: 'POST',
      url: FUNDS_PATHS.depositOrders,
      headers: H(token),
      payload: { channelCode: 'NOPE', amount: '50000' },
    });
    expect(unknown.json().code).toBe('DEPOSIT_CHANNEL_UNAVAILABLE');
    const float = await app.inject({
      method: 'POST',
      url: FUNDS_PATHS.depositOrders,
      headers: H(token),
      payload: { channelCode: 'BKASH', amount: '500.00' },
    });
    expect(float.statusCode).toBe(400);

    const trial = await loggedInMember(database.db, clock.now, 4);
    const refused = await app.inject({
      method: 'POST',
      url: FUNDS_PATHS.depositOrders,
      headers: H(trial.token),
      payload: { channelCode: 'BKASH', amount: '50000' },
    });
    expect(refused.json().code).toBe('TRIAL_NOT_ALLOWED');
    expect(await database.db.selectFrom('deposit_order').select('id').orderBy('id').execute()).toEqual(ordersBefore);
  });

  it('pays on the gateway page: signed webhook over HTTP, one credit, arrival message, payer sent back to depositv2', async () => {
    const { memberId, token } = await loggedInMember(database.db, clock.now);
    const order = await createOrder(token, '123456', 'NAGAD', 'en');
    expect(order.status).toBe('PENDING');
    expect(order.payUrl).toMatch(/^\/sandbox-pay\/sbx_[0-9a-f]{32}\?lang=en$/);

    const pageEn = await fetch(`${origin}${order.payUrl}`);
    const html = await pageEn.text();
    expect(pageEn.status).toBe(200);
    expect(pageEn.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).not.toContain('<script');
    expect(html).toContain('BDT 1,234.56');
    expect(html).toContain('Pay now');
    const pageBn = await (await fetch(`${origin}${order.payUrl.replace('lang=en', 'lang=bn')}`)).text();
    expect(pageBn).toContain('এখনই পরিশোধ করুন');

    const action = /action="([^"]+\/confirm[^"]*)"/.exec(html)?.[1];
    expect(action).toBeDefined();
    const confirm = await fetch(`${origin}${action?.replaceAll('&amp;', '&')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`/member?page=depositv2&order=${order.orderNo}`);

    const after = await orderOf(token, order.orderNo);
    expect(after.json().value).toMatchObject({ status: 'PAID', amount: '123456' });
    expect(await walletBalance(database.db, memberId)).toBe(123456n);

    // A second click on the (now closed) page changes nothing.
    const again = await fetch(`${origin}${action?.replaceAll('&amp;', '&')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(again.status).toBe(303);
    expect(await walletBalance(database.db, memberId)).toBe(123456n);
    expect(await (await fetch(`${origin}${order.payUrl}`)).text()).toContain('already closed');

    const messages = await app.inject({ method: 'GET', url: MESSAGES_PATHS.list, headers: H(token) });
    expect(messages.json().value).toMatchObject({
      total: 1,
      unread: 1,
      list: [{ type: 'DEPOSIT_ARRIVAL', amount: '123456', currency: 'BDT', params: { orderNo: order.orderNo }, readAt: null }],
    });
    await expectBooksClean(database.db);
  });

  it('cancelling on the gateway page fails the order with a deposit-failed message and no money', async () => {
    const { memberId, token } = await loggedInMember(database.db, clock.now);
    const order = await createOrder(token);
    const cancel = await fetch(`${origin}${order.payUrl.replace('?', '/cancel?')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    expect((await orderOf(token, order.orderNo)).json().value.status).toBe('FAILED');
    expect(await walletBalance(database.db, memberId)).toBe(0n);
    const unread = await app.inject({ method: 'GET', url: MESSAGES_PATHS.unreadCount, headers: H(token) });
    expect(unread.json().value.unread).toBe(1);
    const list = await app.inject({ method: 'GET', url: MESSAGES_PATHS.list, headers: H(token) });
    expect(list.json().value.list[0]).toMatchObject({ type: 'DEPOSIT_FAILED', amount: '50000' });
    await expectBooksClean(database.db);
  });

  it('refuses bad signatures, a wrong secret, stale and future timestamps, and changes nothing', async () => {
    const { memberId, token } = await loggedInMember(database.db, clock.now);
    const order = await createOrder(token);
    const body = await paidBody(order.orderNo, order.amount);
    const good = signedWebhook(body, clock.now);

    const tampered = await postWebhook(good.raw.replace('"50000"', '"5000000"'), good.headers);
    expect(tampered.status).toBe(401);
    expect((await bodyOf(tampered)).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const wrongSecret = signedWebhook(body, clock.now, 'another-secret-0123456789');
    expect((await postWebhook(wrongSecret.raw, wrongSecret.headers)).status).toBe(401);
    const unsigned = await postWebhook(good.raw, { 'content-type': 'application/json' });
    expect(unsigned.status).toBe(401);
    const stale = signedWebhook(body, new Date(clock.now.getTime() - 301_000));
    const staleRes = await postWebhook(stale.raw, stale.headers);
    expect(staleRes.status).toBe(401);
    expect((await bodyOf(staleRes)).code).toBe('WEBHOOK_STALE');
    const future = signedWebhook(body, new Date(clock.now.getTime() + 301_000));
    expect((await postWebhook(future.raw, future.headers)).status).toBe(401);

    expect(await walletBalance(database.db, memberId)).toBe(0n);
    expect((await orderOf(token, order.orderNo)).json().value.status).toBe('PENDING');
    // The genuine call still goes through afterwards.
    const res = await postWebhook(good.raw, good.headers);
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).value).toEqual({ received: true, duplicate: false });
    expect(await walletBalance(database.db, memberId)).toBe(50000n);
    await expectBooksClean(database.db);
  });

  it('credits once under replays and concurrent duplicate webhooks (same and different event ids)', async () => {
    const { memberId, token } = await loggedInMember(database.db, clock.now);
    const order = await createOrder(token, '77700');
    const body = await paidBody(order.orderNo, order.amount);
    const same = signedWebhook(body, clock.now);
    const twins = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? same : signedWebhook({ ...body, eventId: eventId() }, clock.now)));
    const results = await Promise.all(twins.map((t) => postWebhook(t.raw, t.headers)));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const acks = await Promise.all(results.map(bodyOf));
    expect(acks.filter((a) => a.value.duplicate === false)).toHaveLength(1);
    // A later replay of the first delivery: no effect.
    const replay = await postWebhook(same.raw, same.headers);
    expect((await bodyOf(replay)).value.duplicate).toBe(true);
    // A second transaction id for an order already paid: no effect either.
    const other = signedWebhook(await paidBody(order.orderNo, order.amount), clock.now);
    expect((await bodyOf(await postWebhook(other.raw, other.headers))).value.duplicate).toBe(true);

    expect(await walletBalance(database.db, memberId)).toBe(77700n);
    const credits = await database.db
      .selectFrom('ledger_transfer as t')
      .innerJoin('ledger_account as a', 'a.id', 't.credit_account_id')
      .select('t.id')
      .where('t.kind', '=', 'DEPOSIT')
      .where('a.member_id', '=', memberId)
      .execute();
    expect(credits).toHaveLength(1);
    const messages = await database.db.selectFrom('member_message').select('type').where('member_id', '=', memberId).execute();
    expect(messages).toEqual([{ type: 'DEPOSIT_ARRIVAL' }]);
    await expectBooksClean(database.db);
  });

  it('a webhook whose content does not match the order fails without leaving a trace; the correct one then applies', async () => {
    const eventsBefore = await database.db.selectFrom('payment_webhook_event').select('event_id').orderBy('event_id').execute();
    const { memberId, token } = await loggedInMember(database.db, clock.now);
    const order = await createOrder(token, '60000');
    const body = await paidBody(order.orderNo, order.amount);
    const wrong = signedWebhook({ ...body, amount: '60001' }, clock.now);
    expect((await postWebhook(wrong.raw, wrong.headers)).status).toBe(400);
    const unknownOrder = signedWebhook({ ...body, eventId: eventId(), merchantOrderNo: 'D00000000000000000000' }, clock.now);
    expect((await postWebhook(unknownOrder.raw, unknownOrder.headers)).status).toBe(404);
    const malformed = signedWebhook('{"eventId":', clock.now);
    expect((await postWebhook(malformed.raw, malformed.headers)).status).toBe(400);
    expect(await database.db.selectFrom('payment_webhook_event').select('event_id').orderBy('event_id').execute()).toEqual(eventsBefore);
    // Same event id, now with the right content (the gateway fixed and resent it): applies.
    const right = signedWebhook(body, clock.now);
    expect((await bodyOf(await postWebhook(right.raw, right.headers))).value.duplicate).toBe(false);
    expect(await walletBalance(database.db, memberId)).toBe(60000n);
    await expectBooksClean(database.db);
  });

  it('expires unpaid orders; the gateway page then refuses, and a late genuine payment still lands once', async () => {
    const { memberId, token } = await loggedInMember(database.db, clock.now);
    const order = await createOrder(token);
    clock.advance(30 * 60_000 + 1);
    expect((await orderOf(token, order.orderNo)).json().value.status).toBe('EXPIRED');
    expect(await (await fetch(`${origin}${order.payUrl}`)).text()).toContain('expired');
    const confirm = await fetch(`${origin}${order.payUrl.replace('?', '/confirm?')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
    expect(await walletBalance(database.db, memberId)).toBe(0n);

    const late = signedWebhook(await paidBody(order.orderNo, order.amount), clock.now);
    expect((await postWebhook(late.raw, late.headers)).status).toBe(200);
    expect((await orderOf(token, order.orderNo)).json().value.status).toBe('PAID');
    expect(await walletBalance(database.db, memberId)).toBe(50000n);
    await expectBooksClean(database.db);
  });

  it('a member sees only their own orders and messages', async () => {
    const a = await loggedInMember(database.db, clock.now);
    const b = await loggedInMember(database.db, clock.now);
    const order = await createOrder(a.token);
    const cancel = signedWebhook(
      { ...(await paidBody(order.orderNo, order.amount)), status: 'FAILED', transactionId: null, reason: 'X' },
      clock.now,
    );
    expect((await postWebhook(cancel.raw, cancel.headers)).status).toBe(200);
    expect((await orderOf(b.token, order.orderNo)).statusCode).toBe(404);
    const listB = await app.inject({ method: 'GET', url: MESSAGES_PATHS.list, headers: H(b.token) });
    expect(listB.json().value).toMatchObject({ total: 0, list: [] });
    const listA = await app.inject({ method: 'GET', url: MESSAGES_PATHS.list, headers: H(a.token) });
    const id = listA.json().value.list[0].id as string;
    const markByB = await app.inject({ method: 'POST', url: MESSAGES_PATHS.markRead, headers: H(b.token), payload: { ids: [id] } });
    expect(markByB.json().value.updated).toBe(0);
    const markByA = await app.inject({ method: 'POST', url: MESSAGES_PATHS.markRead, headers: H(a.token), payload: { ids: [id] } });
    expect(markByA.json().value).toEqual({ updated: 1, unread: 0 });
    const none = await app.inject({ method: 'GET', url: MESSAGES_PATHS.list });
    expect(none.statusCode).toBe(401);
  });
});
