import { randomBytes, randomUUID } from 'node:crypto';
import type { LotteryErrorCode, LotterySlipRequest } from '@playfront/contract/lottery';
import { drawResult, LOTTERY_GENESIS_SALT, lotteryPublicData, lotterySeedHash } from '@playfront/contract/lottery-fair';
import type { LotteryOddsEdit } from '@playfront/contract/lottery-operator';
import type { WalletClient } from '@playfront/contract/provider-wallet-client';
import { scheduledDraws } from './draws/schedule.ts';
import { type BetTypeConfig, DEFAULT_GAMES, type GameConfig } from './games/config.ts';
import { checkLine, hitsOf, lockedOdds, numberKey, oddsText, type PayingOdds, payoutOf, worstCasePayout } from './games/grade.ts';
import { exactReturn, ratioValue, representativeChoices } from './games/returns.ts';
import type { DrawRecord, SessionRecord, SlipRecord, SqlLotteryStore, StoredLine } from './store/sql-lottery-store.ts';

/**
 * The configuration a brand plays when it has none of its own (seeded at start). A brand (the platform's merchant
 * code, from the authenticate answer) with rows in lottery_game_config plays those: its odds, limits and closing
 * time (decision 054).
 */
export const DEFAULT_BRAND = 'default';

export interface LotteryServiceOptions {
  store: SqlLotteryStore;
  wallet: WalletClient;
  now?: () => number;
  /** Games seeded for the default brand at start. */
  games?: readonly GameConfig[];
  /** How often the draw loop runs; default 1 s. 0: no loop (tests call tick()). */
  tickMs?: number;
  /** How long a claimed win, rollback or unanswered bet is left to its instance before another repeats it; default 30 s. */
  leaseMs?: number;
  /** Parallel wallet calls while settling; default 8. */
  settleConcurrency?: number;
  logError?: (message: string, error: unknown) => void;
}

export type Refusal = { code: LotteryErrorCode; values?: Record<string, string>; balance?: string };
export type Answer<T> = ({ ok: true } & T) | ({ ok: false } & Refusal);

const SESSION_IDLE_MS = 4 * 60 * 60 * 1000;

const money = (minor: bigint) => (Number(minor) / 100).toFixed(2);

/** Where a draw's wallet calls and statuses move: draws are fixed once, slips are paid once (decision 039). */
export class LotteryService {
  readonly store: SqlLotteryStore;
  private readonly wallet: WalletClient;
  readonly now: () => number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private closed = false;
  private readonly configCache = new Map<string, { at: number; games: GameConfig[] }>();
  private allConfigCache: { at: number; games: GameConfig[] } | undefined;
  private lastSweep = 0;
  private readonly logError: (message: string, error: unknown) => void;
  /** Draw ids this instance knows exist (so a pass does not ask the database again). */
  private readonly knownDraws = new Set<string>();
  /** Counts of wallet calls made by this instance, for the bench and tests. */
  readonly calls = { bet: 0, win: 0, rollback: 0, authenticate: 0, balance: 0 };

  constructor(private readonly options: LotteryServiceOptions) {
    this.store = options.store;
    this.wallet = options.wallet;
    this.now = options.now ?? Date.now;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.concurrency = options.settleConcurrency ?? 8;
    this.logError = options.logError ?? (() => {});
  }

  async start(): Promise<void> {
    await this.store.seedConfigs(DEFAULT_BRAND, this.options.games ?? DEFAULT_GAMES);
    const every = this.options.tickMs ?? 1000;
    if (every > 0) {
      const loop = () => {
        if (this.closed) return;
        this.timer = setTimeout(() => {
          void this.tick().finally(loop);
        }, every);
        this.timer.unref?.();
      };
      loop();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
  }

  /** The brand's active games (its own configuration, or the default one when it has none), cached for 10 s. */
  async games(brand = DEFAULT_BRAND): Promise<GameConfig[]> {
    const now = this.now();
    const cached = this.configCache.get(brand);
    if (cached && now - cached.at < 10_000) return cached.games;
    const own = brand === DEFAULT_BRAND ? undefined : await this.store.allConfigs(brand);
    const games = own && own.length > 0 ? own.filter((c) => c.active).map((c) => c.game) : await this.store.configs(DEFAULT_BRAND);
    if (this.configCache.size > 1000) this.configCache.clear();
    this.configCache.set(brand, { at: now, games });
    return games;
  }

  /** Forgets cached configurations (after an operator's change on this instance; others see it within 10 s). */
  forgetConfigs(): void {
    this.configCache.clear();
    this.allConfigCache = undefined;
  }

  async game(code: string, brand = DEFAULT_BRAND): Promise<GameConfig | undefined> {
    return (await this.games(brand)).find((g) => g.code === code);
  }

  /** A game as the draw loop needs it: switched off or not, a draw that exists is drawn and settled. */
  private async gameForDraw(code: string): Promise<GameConfig | undefined> {
    const now = this.now();
    if (!this.allConfigCache || now - this.allConfigCache.at >= 10_000)
      this.allConfigCache = { at: now, games: (await this.store.allConfigs(DEFAULT_BRAND)).map((c) => c.game) };
    return this.allConfigCache.games.find((g) => g.code === code);
  }

  // The draw loop ---------------------------------------------------------------------------------------------

  /** One pass: create draws ahead, fix due results, grade, pay what is owed, close finished draws. */
  tick(): Promise<void> {
    this.ticking ??= this.runTick().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async runTick(): Promise<void> {
    try {
      await this.ensureDraws();
      await this.drawDue();
      await this.sweepVoided();
      await this.settle();
    } catch (error) {
      this.logError('lottery: draw loop pass failed', error);
    }
  }

  /** Creates the next draws of every game that are missing, each with a fresh seed whose hash is published now. */
  async ensureDraws(): Promise<void> {
    const now = this.now();
    for (const game of await this.games()) {
      for (const planned of scheduledDraws(game.schedule, game.closeBeforeSeconds, now)) {
        const id = `${game.code}-${planned.drawNumber}`;
        if (this.knownDraws.has(id)) continue;
        if (await this.store.drawByNumber(game.code, planned.drawNumber)) {
          this.rememberDraw(id);
          continue;
        }
        const previous = await this.store.lastDrawBefore(game.code, planned.drawsAt);
        const serverSeed = randomBytes(32).toString('hex');
        await this.store.insertDraw({
          drawId: id,
          gameCode: game.code,
          drawNumber: planned.drawNumber,
          closesAt: planned.closesAt,
          drawsAt: planned.drawsAt,
          serverSeed,
          serverSeedHash: lotterySeedHash(serverSeed),
          publicData: lotteryPublicData(game.code, planned.drawNumber, previous?.serverSeedHash ?? LOTTERY_GENESIS_SALT),
        });
        this.rememberDraw(id);
      }
    }
  }

  private rememberDraw(id: string) {
    if (this.knownDraws.size > 10_000) this.knownDraws.clear();
    this.knownDraws.add(id);
  }

  /** Fixes the result of every open draw whose time has come; the update only succeeds for one instance. */
  async drawDue(): Promise<DrawRecord[]> {
    const drawn: DrawRecord[] = [];
    for (const draw of await this.store.openDrawsDue(this.now(), 50)) {
      const game = await this.gameForDraw(draw.gameCode);
      if (!game) continue;
      const result = drawResult(game.format, draw.serverSeed, draw.publicData);
      if (await this.store.markDrawn(draw.drawId, result, this.now())) drawn.push({ ...draw, status: 'drawn', result });
    }
    return drawn;
  }

  /** Once a minute: slips left open on a draw voided in the last two days are marked for refund (decision 050). */
  async sweepVoided(force = false): Promise<number> {
    const now = this.now();
    if (!force && now - this.lastSweep < 60_000) return 0;
    this.lastSweep = now;
    await this.gameForDraw('');
    const codes = this.allConfigCache?.games.map((g) => g.code) ?? [];
    return this.store.sweepVoided(codes, now - 2 * 86_400_000);
  }

  /** Grades drawn draws' open slips, pays or refunds every owed slip, then closes draws with nothing owed. */
  async settle(): Promise<void> {
    for (const draw of await this.store.drawsBeingSettled(20)) {
      const game = await this.gameForDraw(draw.gameCode);
      if (!game || !draw.result) continue;
      for (;;) {
        const page = await this.store.openSlips(draw.drawId, 1000);
        if (page.length === 0) break;
        await this.store.gradeSlips(page.map((slip) => this.grade(game, draw, slip)));
        if (page.length < 1000) break;
      }
    }
    await this.payOwed();
    for (const draw of await this.store.drawsBeingSettled(50)) await this.store.markSettledIfDone(draw.drawId, this.now());
  }

  private grade(game: GameConfig, draw: DrawRecord, slip: SlipRecord): { slipId: string; payout: bigint; lines: StoredLine[] } {
    let payout = 0n;
    const lines = slip.lines.map((line) => {
      // The odds the slip was taken at (its brand's, then), so a later change of the paytable never reaches it.
      const betType: PayingOdds | undefined = line.locked
        ? { ...line.locked, code: line.betType as BetTypeConfig['code'] }
        : game.betTypes.find((b) => b.code === line.betType);
      const hits = draw.result ? hitsOf(line.betType as never, line.numbers, draw.result) : 0;
      const linePayout = betType ? payoutOf(betType, line.numbers, BigInt(line.stake), hits) : 0n;
      payout += linePayout;
      return { ...line, hits, payout: linePayout.toString() };
    });
    return { slipId: slip.slipId, payout, lines };
  }

  /** Claims owed slips (leased) and makes their wallet calls, several at once, until none is due. */
  async payOwed(drawId?: string): Promise<number> {
    let done = 0;
    for (;;) {
      const owed = await this.store.claimOwed(this.now(), this.leaseMs, 200, drawId);
      if (owed.length === 0) return done;
      let next = 0;
      const worker = async () => {
        while (next < owed.length) {
          const slip = owed[next++] as SlipRecord;
          try {
            if (await this.payOne(slip)) done++;
          } catch (error) {
            this.logError('lottery: settling a slip failed', error);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.concurrency, owed.length) }, worker));
      if (owed.length < 200) return done;
    }
  }

  /** One owed call, with the slip's fixed transaction id; the status moves only after the wallet answers. */
  private async payOne(slip: SlipRecord): Promise<boolean> {
    const token = slip.launchToken;
    if (!token) return false;
    const roundId = `lotto-${slip.slipId}`;
    if (slip.status === 'winning') {
      this.calls.win++;
      const answer = await this.wallet.win(slip.vendor, {
        token,
        transactionId: `win-${slip.slipId}`,
        roundId,
        gameCode: slip.platformGameCode,
        amount: (slip.totalPayout ?? 0n).toString(),
        currency: slip.currency,
        closeRound: true,
      });
      if (answer.kind === 'ok') return this.store.transition(slip.slipId, ['winning'], 'settled', this.now());
      if (answer.kind === 'refused') {
        this.logError(`lottery: the wallet refused the win of slip ${slip.slipId}: ${answer.code}`, null);
        return this.store.transition(slip.slipId, ['winning'], 'win_refused', this.now());
      }
      return false; // unknown: the lease passes and the same call is repeated
    }
    // voiding (a voided draw, or a bet whose answer never came): refund by rollback of the bet.
    this.calls.rollback++;
    const answer = await this.wallet.rollback(slip.vendor, {
      token,
      transactionId: `rb-${slip.slipId}`,
      roundId,
      gameCode: slip.platformGameCode,
      betTransactionId: `bet-${slip.slipId}`,
    });
    if (answer.kind === 'ok' || answer.kind === 'refused') {
      if (answer.kind === 'refused') this.logError(`lottery: the wallet refused the rollback of slip ${slip.slipId}: ${answer.code}`, null);
      const moved = await this.store.transition(slip.slipId, ['voiding'], 'void', this.now(), {
        payout: answer.kind === 'ok' ? slip.totalStake : 0n,
      });
      if (moved) await this.releaseLimits(slip);
      return moved;
    }
    return false;
  }

  /** Voids a draw that has not been drawn and refunds every slip on it. */
  async voidDraw(drawId: string): Promise<boolean> {
    const voided = await this.store.voidDraw(drawId, this.now());
    if (voided) await this.payOwed(drawId);
    return voided;
  }

  /**
   * The operator's void (decision 050): `voided` now, or `already_void` (a repeat: what is left unrefunded is
   * marked and refunded again, each slip by its one rollback id, so nothing is paid twice), `not_voidable` once the
   * result is fixed (the loop's markDrawn and this void are conditional updates on the same row: one wins), or
   * `unknown`. `refunded` counts the rollbacks this call saw answered.
   */
  async operatorVoid(
    drawId: string,
  ): Promise<{ outcome: 'voided' | 'already_void' | 'not_voidable' | 'unknown'; draw?: DrawRecord; refunded: number }> {
    if (await this.store.voidDraw(drawId, this.now())) {
      const refunded = await this.payOwed(drawId);
      return { outcome: 'voided', draw: await this.store.draw(drawId), refunded };
    }
    const draw = await this.store.draw(drawId);
    if (!draw) return { outcome: 'unknown', refunded: 0 };
    if (draw.status !== 'void') return { outcome: 'not_voidable', draw, refunded: 0 };
    await this.store.voidSlipsOf(drawId);
    return { outcome: 'already_void', draw, refunded: await this.payOwed(drawId) };
  }

  /** Switches a game of the brand on or off (no new draws or slips when off; draws with slips still settle). */
  async setGameActive(code: string, active: boolean, brand = DEFAULT_BRAND): Promise<{ before: boolean } | undefined> {
    const changed = await this.store.setActive(brand, code, active);
    this.forgetConfigs();
    return changed;
  }

  /** A brand's games as its players get them: its own rows, or the default ones (`own` false). */
  async brandConfigs(brand: string): Promise<{ games: { game: GameConfig; active: boolean }[]; own: boolean }> {
    const own = brand === DEFAULT_BRAND ? [] : await this.store.allConfigs(brand);
    if (own.length > 0) return { games: own, own: true };
    return { games: await this.store.allConfigs(DEFAULT_BRAND), own: brand === DEFAULT_BRAND };
  }

  /**
   * An operator's change of one game's odds and limits for a brand (decision 054): the brand's own rows are made
   * from the default ones first. Refused (`invalid`) when a stake bound is out of order, a bet type is unknown, odds
   * would return 100 % or more, or betting would close later than the game's draws close. Slips already taken keep
   * the odds they were taken at.
   */
  async editBrandOdds(
    brand: string,
    code: string,
    edit: LotteryOddsEdit,
  ): Promise<{ before: { game: GameConfig; active: boolean }; after: { game: GameConfig; active: boolean } } | 'unknown' | 'invalid'> {
    const defaults = (await this.store.allConfigs(DEFAULT_BRAND)).find((c) => c.game.code === code);
    if (!defaults) return 'unknown';
    await this.store.copyConfigs(DEFAULT_BRAND, brand);
    const before = (await this.store.allConfigs(brand)).find((c) => c.game.code === code);
    if (!before) return 'unknown';
    if (edit.closeBeforeSeconds < defaults.game.closeBeforeSeconds) return 'invalid';
    const betTypes: BetTypeConfig[] = [];
    for (const bt of before.game.betTypes) {
      const change = edit.betTypes.find((b) => b.code === bt.code);
      if (!change) {
        betTypes.push(bt);
        continue;
      }
      const [minStake, maxStake, maxPerNumber] = [BigInt(change.minStake), BigInt(change.maxStake), BigInt(change.maxPerNumber)];
      if (minStake > maxStake || maxStake > maxPerNumber) return 'invalid';
      const next: BetTypeConfig = { ...bt, minStake, maxStake, maxPerNumber };
      if (change.odds !== null && bt.odds1000 !== undefined) {
        const [whole = '0', frac = ''] = change.odds.split('.');
        next.odds1000 = Number(whole) * 1000 + Number(frac.padEnd(3, '0'));
        const exact = exactReturn(before.game.format, next, representativeChoices(next)[0] ?? []);
        const rtpBp = Math.round(ratioValue(exact) * 10000);
        if (rtpBp >= 10000 || next.odds1000 <= 1000) return 'invalid';
        next.rtpBp = rtpBp;
      }
      betTypes.push(next);
    }
    if (edit.betTypes.some((b) => !before.game.betTypes.some((bt) => bt.code === b.code))) return 'invalid';
    const game: GameConfig = {
      ...before.game,
      closeBeforeSeconds: edit.closeBeforeSeconds,
      maxExposure: BigInt(edit.maxExposure),
      betTypes,
    };
    await this.store.saveConfig(brand, game);
    this.forgetConfigs();
    return { before, after: { game, active: before.active } };
  }

  // Sessions --------------------------------------------------------------------------------------------------

  async openSession(vendor: string, token: string, language: 'en' | 'bn'): Promise<Answer<{ session: SessionRecord }>> {
    // A page reload repeats the launch with the same token: the platform opens a token once, so the stored
    // session of that token is copied under a new id.
    const known = await this.store.sessionByToken(vendor, token);
    if (known) {
      const session = { ...known, id: randomUUID(), language };
      await this.store.saveSession(session);
      return { ok: true, session };
    }
    this.calls.authenticate++;
    const auth = await this.wallet.authenticate(vendor, { token });
    if (auth.kind === 'unknown') return { ok: false, code: 'WALLET_UNAVAILABLE' };
    if (auth.kind === 'refused') {
      const code: LotteryErrorCode =
        auth.code === 'INVALID_TOKEN'
          ? 'SESSION_EXPIRED'
          : auth.code === 'MEMBER_DISABLED'
            ? 'ACCOUNT_BLOCKED'
            : auth.code === 'UNKNOWN_GAME'
              ? 'UNKNOWN_GAME'
              : 'WALLET_REFUSED';
      return { ok: false, code };
    }
    const session: SessionRecord = {
      id: randomUUID(),
      vendor,
      platformGameCode: auth.value.gameCode,
      token,
      playerKey: `${vendor}:${auth.value.playerId}`,
      displayName: auth.value.displayName,
      currency: auth.value.currency,
      language,
      brand: auth.value.brand || DEFAULT_BRAND,
      balance: BigInt(auth.value.balance),
    };
    await this.store.saveSession(session);
    return { ok: true, session };
  }

  session(id: string | undefined): Promise<SessionRecord | undefined> {
    if (!id || id.length > 100) return Promise.resolve(undefined);
    return this.store.findSession(id, SESSION_IDLE_MS, this.now());
  }

  async balance(session: SessionRecord): Promise<Answer<{ balance: bigint }>> {
    this.calls.balance++;
    const answer = await this.wallet.balance(session.vendor, { token: session.token });
    if (answer.kind === 'ok') {
      const balance = BigInt(answer.value.balance);
      await this.store.saveBalance(session.id, balance);
      return { ok: true, balance };
    }
    if (answer.kind === 'refused' && answer.code === 'INVALID_TOKEN') return { ok: false, code: 'SESSION_EXPIRED' };
    return { ok: true, balance: session.balance };
  }

  // Slips -----------------------------------------------------------------------------------------------------

  /**
   * Places a slip: checks every line, reserves the per-number and exposure limits, records the slip as pending
   * (only while the draw is open), then makes one wallet bet for its total. A repeat of the request id answers
   * the same slip and charges nothing more.
   */
  async placeSlip(session: SessionRecord, request: LotterySlipRequest): Promise<Answer<{ slip: SlipRecord; balance: bigint }>> {
    const repeat = await this.store.slipByRequest(session.playerKey, request.requestId);
    if (repeat) return this.answerRepeat(session, repeat);
    const game = await this.game(request.game, session.brand);
    if (!game) return { ok: false, code: 'UNKNOWN_GAME' };
    const draw = await this.store.draw(request.drawId);
    if (!draw || draw.gameCode !== game.code) return { ok: false, code: 'UNKNOWN_DRAW' };
    const now = this.now();
    // The draw is the game's, shared by every brand; the brand's own closing time may come earlier.
    const closeBeforeMs = game.closeBeforeSeconds * 1000;
    if (draw.status !== 'open' || draw.closesAt <= now || draw.drawsAt - closeBeforeMs <= now) return { ok: false, code: 'DRAW_CLOSED' };
    if (request.lines.length > game.maxLines) return { ok: false, code: 'TOO_MANY_LINES', values: { max: String(game.maxLines) } };

    const lines: StoredLine[] = [];
    let total = 0n;
    for (const raw of request.lines) {
      const checked = checkLine(game, raw);
      if (!checked.ok) {
        const bt = game.betTypes.find((b) => b.code === raw.betType);
        return { ok: false, code: checked.code, values: { min: money(bt?.minStake ?? 0n), max: money(bt?.maxStake ?? 0n) } };
      }
      const worst = worstCasePayout(checked.betType, checked.numbers, checked.stake);
      const key = numberKey(raw.betType, checked.numbers);
      lines.push({
        betType: raw.betType,
        numbers: checked.numbers,
        stake: checked.stake.toString(),
        odds: oddsText(checked.betType, checked.numbers),
        numberKey: key,
        // Each brand is a house of its own: its exposure is counted apart (the default brand keeps the plain key).
        ...(session.brand === DEFAULT_BRAND ? {} : { exposureKey: `${session.brand}|${key}` }),
        locked: lockedOdds(checked.betType, checked.numbers),
        worstCase: worst.toString(),
        hits: null,
        payout: null,
      });
      total += checked.stake;
    }

    // Limits: each reservation is one conditional upsert; a refusal releases what this slip had reserved.
    const reserved: { kind: 'stake' | 'exposure'; line: StoredLine }[] = [];
    const release = async () => {
      for (const r of reserved.reverse()) {
        if (r.kind === 'stake') await this.store.releaseNumberStake(draw.drawId, session.playerKey, r.line.numberKey, BigInt(r.line.stake));
        else await this.store.releaseExposure(draw.drawId, r.line.exposureKey ?? r.line.numberKey, BigInt(r.line.worstCase));
      }
    };
    for (const line of lines) {
      const bt = game.betTypes.find((b) => b.code === line.betType);
      if (!bt) continue;
      if (!(await this.store.reserveNumberStake(draw.drawId, session.playerKey, line.numberKey, BigInt(line.stake), bt.maxPerNumber))) {
        await release();
        return { ok: false, code: 'NUMBER_LIMIT', values: { number: line.numbers.join(' '), max: money(bt.maxPerNumber) } };
      }
      reserved.push({ kind: 'stake', line });
      if (!(await this.store.reserveExposure(draw.drawId, line.exposureKey ?? line.numberKey, BigInt(line.worstCase), game.maxExposure))) {
        await release();
        return { ok: false, code: 'EXPOSURE_LIMIT', values: { number: line.numbers.join(' ') } };
      }
      reserved.push({ kind: 'exposure', line });
    }

    const slip: SlipRecord = {
      slipId: randomUUID(),
      requestId: request.requestId,
      playerKey: session.playerKey,
      vendor: session.vendor,
      platformGameCode: session.platformGameCode,
      gameCode: game.code,
      drawId: draw.drawId,
      currency: session.currency,
      totalStake: total,
      totalPayout: null,
      lines,
      status: 'pending',
      launchToken: session.token,
      createdAt: now,
      settledAt: null,
    };
    const inserted = await this.store.insertSlip(slip, now, closeBeforeMs);
    if (inserted !== 'inserted') {
      await release();
      if (inserted === 'closed') return { ok: false, code: 'DRAW_CLOSED' };
      const existing = await this.store.slipByRequest(session.playerKey, request.requestId);
      return existing ? this.answerRepeat(session, existing) : { ok: false, code: 'BAD_REQUEST' };
    }

    this.calls.bet++;
    const bet = await this.wallet.bet(session.vendor, {
      token: session.token,
      transactionId: `bet-${slip.slipId}`,
      roundId: `lotto-${slip.slipId}`,
      gameCode: session.platformGameCode,
      amount: total.toString(),
      currency: session.currency,
    });
    if (bet.kind === 'ok') {
      const balance = BigInt(bet.value.balance);
      await this.store.saveBalance(session.id, balance);
      if (await this.store.openPlacedSlip(slip.slipId, slip.drawId)) return { ok: true, slip: { ...slip, status: 'open' }, balance };
      // The draw was voided while the bet travelled (refunded now), or the draw loop gave up on the unanswered bet
      // first and is refunding it.
      await this.store.voidSlipsOf(slip.drawId);
      void this.payOwedSlip(slip.slipId);
      return { ok: false, code: 'DRAW_CLOSED', balance: balance.toString() };
    }
    if (bet.kind === 'refused') {
      await this.store.deleteSlip(slip.slipId);
      await release();
      const code: LotteryErrorCode =
        bet.code === 'INSUFFICIENT_FUNDS'
          ? 'INSUFFICIENT_FUNDS'
          : bet.code === 'INVALID_TOKEN'
            ? 'SESSION_EXPIRED'
            : bet.code === 'MEMBER_DISABLED'
              ? 'ACCOUNT_BLOCKED'
              : bet.code === 'PLAYER_LIMIT' || bet.code === 'PLAYER_EXCLUDED'
                ? bet.code
                : 'WALLET_REFUSED';
      return { ok: false, code, ...(bet.balance !== undefined ? { balance: bet.balance } : {}) };
    }
    // No answer: the bet may or may not have been taken. The slip is refunded by rollback (now, and by the loop
    // until the wallet answers); a repeat of the request answers the slip as it then stands.
    await this.store.transition(slip.slipId, ['pending'], 'voiding', this.now());
    void this.payOwedSlip(slip.slipId);
    return { ok: false, code: 'WALLET_UNAVAILABLE' };
  }

  private async payOwedSlip(slipId: string): Promise<void> {
    const slip = await this.store.slip(slipId);
    if (slip?.status === 'voiding') await this.payOne(slip).catch((error) => this.logError('lottery: rollback failed', error));
  }

  private async answerRepeat(session: SessionRecord, slip: SlipRecord): Promise<Answer<{ slip: SlipRecord; balance: bigint }>> {
    if (slip.status === 'voiding' || slip.status === 'void') return { ok: false, code: 'WALLET_UNAVAILABLE' };
    return { ok: true, slip, balance: session.balance };
  }

  private async releaseLimits(slip: SlipRecord): Promise<void> {
    for (const line of slip.lines) {
      await this.store.releaseNumberStake(slip.drawId, slip.playerKey, line.numberKey, BigInt(line.stake));
      await this.store.releaseExposure(slip.drawId, line.exposureKey ?? line.numberKey, BigInt(line.worstCase ?? '0'));
    }
  }
}
