import { randomBytes, randomUUID } from 'node:crypto';
import type { ProviderErrorCode } from '@playfront/contract/provider-wallet';
import type { WalletClient } from '@playfront/contract/provider-wallet-client';
import { FairStream } from '../fair/fair-stream.ts';
import { type CheckedChoices, type GameKind, playRound } from '../games/registry.ts';
import type { HouseStore, StoredRound } from '../store/house-store.ts';
import { type DemoSessionLimits, DemoSessions } from './demo-sessions.ts';
import { KeyedLock, RoundLog, type RoundRecord, type RoundStatus, type SeedPair } from './round-log.ts';

/** Play money for demo mode: ৳10,000.00. */
export const DEMO_BALANCE = 1_000_000n;
/** A session unused for this long is gone (the platform's launch token lasts less anyway). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
const HISTORY_LENGTH = 20;
/** Unsettled rounds claimed per statement by the reconcile loop. */
const RECONCILE_BATCH = 50;

export interface HouseSession {
  id: string;
  mode: 'real' | 'demo';
  vendor: string;
  gameCode: string;
  game: GameKind;
  token: string | null;
  playerKey: string;
  displayName: string;
  currency: string;
  /** Demo: the play-money balance. Real: the last balance the platform answered. */
  balance: bigint;
  lastUsed: number;
}

/** Why a round did not happen; the page shows each in the player's language. */
export type RoundRefusal =
  | { code: 'INSUFFICIENT_FUNDS'; balance: bigint }
  | {
      code:
        | 'SESSION_EXPIRED'
        | 'ACCOUNT_BLOCKED'
        | 'GAME_UNAVAILABLE'
        | 'WALLET_REFUSED'
        | 'WALLET_UNAVAILABLE'
        | 'BET_LIMIT'
        | 'PLAYER_LIMIT'
        | 'PLAYER_EXCLUDED';
    }
  /** The bet's fate was unknown: it was rolled back (or the rollback is being repeated); nothing was played. */
  | { code: 'ROUND_VOIDED'; rollbackPending: boolean };

export type RoundAnswer = { ok: true; round: RoundRecord; balance: bigint; winPending: boolean } | { ok: false; refusal: RoundRefusal };

export interface HouseServiceOptions {
  wallet: WalletClient;
  /** Real-money sessions, seed pairs and rounds, in the database every house instance shares. */
  store: HouseStore;
  /** Demo rounds and their seed pairs (in this process); a new one by default. */
  demoLog?: RoundLog;
  /** Bounds of the in-memory demo sessions (per client address, in all). */
  demoLimits?: Omit<DemoSessionLimits, 'idleMs'>;
  /** Waits between repeats of a win or rollback; default 150 ms, 500 ms, 1.5 s. */
  retryDelaysMs?: readonly number[];
  /** How often unsettled wins and rollbacks are repeated in the background; default 15 s. */
  reconcileEveryMs?: number;
  /** The wallet client's per-call time-out (default 5 s): sizes how long a round in hand is left to its instance. */
  walletTimeoutMs?: number;
  /** The longest wait between two background repeats of one round; default 5 minutes. */
  maxRepeatDelayMs?: number;
  /** Where background failures are reported; default console.error. */
  logError?: (message: string, error?: unknown) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function refusalFor(code: ProviderErrorCode): RoundRefusal {
  switch (code) {
    case 'INVALID_TOKEN':
      return { code: 'SESSION_EXPIRED' };
    case 'MEMBER_DISABLED':
      return { code: 'ACCOUNT_BLOCKED' };
    case 'UNKNOWN_GAME':
      return { code: 'GAME_UNAVAILABLE' };
    case 'BET_LIMIT':
      return { code: 'BET_LIMIT' };
    // The member's own limits and breaks (issue 18): the page says which.
    case 'PLAYER_LIMIT':
      return { code: 'PLAYER_LIMIT' };
    case 'PLAYER_EXCLUDED':
      return { code: 'PLAYER_EXCLUDED' };
    default:
      return { code: 'WALLET_REFUSED' };
  }
}

/** A round as shown to its player: with its pair's server seed once that pair is revealed. */
export type ShownRound = RoundRecord & { revealedServerSeed: string | null };

/**
 * Plays rounds for house sessions. A real-money round is: record it (`bet-pending`) → bet (fresh
 * transaction id) → claim a nonce and play from the fair stream → record the outcome (`win-pending`) →
 * win (amount may be 0, closeRound true). A win without a clear answer is repeated with the SAME
 * transaction id until the platform answers; a bet without a clear answer is rolled back by its id (and
 * the rollback repeated), and nothing is played. Every step is in the database before the wallet hears of
 * it, so the reconcile loop of ANY instance finishes what a dead one began: it repeats owed wins and
 * rollbacks, and rolls back a bet whose house died before learning its fate.
 * Demo rounds move play money only, call no wallet, and live in this process.
 */
export class HouseService {
  private readonly store: HouseStore;
  private readonly demoLog: RoundLog;
  private readonly demoSessions: DemoSessions;
  private readonly lock = new KeyedLock();
  private readonly timer: NodeJS.Timeout;
  private readonly delays: readonly number[];
  /** A `bet-pending` round is left to its instance this long, then rolled back by whichever instance claims it. */
  private readonly betInHandMs: number;
  /** A win or rollback being repeated by its instance is left to it this long. */
  private readonly repeatsInHandMs: number;
  private readonly repeatBaseMs: number;
  private readonly maxRepeatDelayMs: number;
  private reconciling: Promise<void> | undefined;

  constructor(private readonly options: HouseServiceOptions) {
    this.store = options.store;
    this.demoLog = options.demoLog ?? new RoundLog();
    this.demoSessions = new DemoSessions({ ...options.demoLimits, idleMs: SESSION_IDLE_MS });
    this.delays = options.retryDelaysMs ?? [150, 500, 1500];
    const timeoutMs = options.walletTimeoutMs ?? 5000;
    this.betInHandMs = timeoutMs + 10_000;
    this.repeatsInHandMs = timeoutMs * (this.delays.length + 1) + this.delays.reduce((a, b) => a + b, 0) + 5000;
    // One background attempt may take a whole time-out: another instance waits at least that long.
    this.repeatBaseMs = timeoutMs + 1000;
    this.maxRepeatDelayMs = options.maxRepeatDelayMs ?? 5 * 60 * 1000;
    this.timer = setInterval(() => void this.reconcile(), options.reconcileEveryMs ?? 15_000);
    this.timer.unref();
  }

  /** Stops the background repeats and waits for one in progress. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.reconciling;
  }

  async openSession(init: Omit<HouseSession, 'id' | 'lastUsed'>, clientAddress = 'unknown'): Promise<HouseSession> {
    const session: HouseSession = { ...init, id: randomBytes(24).toString('base64url'), lastUsed: Date.now() };
    if (session.mode === 'demo') this.demoSessions.open(session, clientAddress);
    else await this.store.saveSession(session);
    return session;
  }

  /** The session, from this process (demo) or the database (real, opened on any instance). */
  async session(id: string | undefined): Promise<HouseSession | undefined> {
    if (!id) return undefined;
    return this.demoSessions.get(id) ?? (await this.store.findSession(id, SESSION_IDLE_MS));
  }

  /** Demo sessions held now, and by one client address. */
  demoSessionCount(clientAddress?: string): number {
    return clientAddress === undefined ? this.demoSessions.size : this.demoSessions.heldBy(clientAddress);
  }

  /** Keeps the balance the platform last answered for the session. */
  async rememberBalance(session: HouseSession, balance: bigint): Promise<void> {
    session.balance = balance;
    if (session.mode === 'real') await this.store.saveBalance(session.id, balance);
  }

  /** The fairness key: one seed pair per player and game (or per demo session). */
  fairKey(session: HouseSession): string {
    return `${session.playerKey}|${session.vendor}|${session.gameCode}|${session.game}`;
  }

  /** The pair the next round will be drawn from (its commitment, client seed and nonce). */
  fair(session: HouseSession): Promise<SeedPair> {
    const fairKey = this.fairKey(session);
    return session.mode === 'demo' ? Promise.resolve(this.demoLog.currentPair(fairKey)) : this.store.currentPair(fairKey);
  }

  rotateSeed(session: HouseSession, clientSeed: string): Promise<{ revealed: SeedPair; next: SeedPair }> {
    const fairKey = this.fairKey(session);
    return this.lock.run(fairKey, async () =>
      session.mode === 'demo' ? this.demoLog.rotate(fairKey, clientSeed) : this.store.rotate(fairKey, clientSeed),
    );
  }

  play(session: HouseSession, choices: CheckedChoices): Promise<RoundAnswer> {
    return this.lock.run(this.fairKey(session), () =>
      session.mode === 'demo' ? this.playDemo(session, choices) : this.playReal(session, choices),
    );
  }

  /** The player's last rounds, newest first. */
  async history(session: HouseSession): Promise<ShownRound[]> {
    if (session.mode === 'real') return this.store.history(session.playerKey, HISTORY_LENGTH);
    return this.demoLog.history(session.playerKey).map((round) => {
      const pair = this.demoLog.pair(round.seedPairId);
      return { ...round, revealedServerSeed: pair?.revealed ? pair.serverSeed : null };
    });
  }

  /** A real-money round as the database holds it. */
  round(roundId: string): Promise<StoredRound | undefined> {
    return this.store.round(roundId);
  }

  /** Unsettled real-money rounds (bet in flight, win or rollback still being repeated), of every instance. */
  pendingRounds(): Promise<string[]> {
    return this.store.unsettledRoundIds();
  }

  /**
   * Repeats once every unsettled round that is due, whichever instance played it, and forgets idle
   * sessions. Runs on a timer, right after the house starts listening, and on demand; never twice at once.
   */
  reconcile(): Promise<void> {
    this.reconciling ??= this.reconcileDue()
      .catch((error: unknown) => (this.options.logError ?? console.error)('house: reconcile failed', error))
      .finally(() => {
        this.reconciling = undefined;
      });
    return this.reconciling;
  }

  private async reconcileDue(): Promise<void> {
    for (;;) {
      const due = await this.store.claimDue(RECONCILE_BATCH, this.repeatBaseMs, this.maxRepeatDelayMs);
      for (const { round, token } of due) {
        if (round.status === 'win-pending') await this.sendWin(round, token, 1);
        else if (round.status === 'rollback-pending') await this.sendRollback(round, token, 1);
      }
      if (due.length < RECONCILE_BATCH) break;
    }
    await this.store.dropIdleSessions(SESSION_IDLE_MS);
  }

  private newRound(session: HouseSession, choices: CheckedChoices, pair: SeedPair, status: RoundStatus): RoundRecord {
    const roundId = `R${randomUUID().replaceAll('-', '')}`;
    return {
      roundId,
      game: session.game,
      mode: session.mode,
      vendor: session.vendor,
      gameCode: session.gameCode,
      playerKey: session.playerKey,
      currency: session.currency,
      bet: choices.bet,
      win: 0n,
      choices,
      seedPairId: pair.id,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
      outcome: null,
      status,
      betTransactionId: `${roundId}-bet`,
      winTransactionId: `${roundId}-win`,
      rollbackTransactionId: `${roundId}-rollback`,
      createdAt: Date.now(),
    };
  }

  /** Draws the outcome from `pair` at `pair.nonce` (a nonce already taken for this round). */
  private resolve(round: RoundRecord, pair: SeedPair): void {
    const played = playRound(new FairStream(pair.serverSeed, pair.clientSeed, pair.nonce), round.choices);
    round.seedPairId = pair.id;
    round.serverSeedHash = pair.serverSeedHash;
    round.clientSeed = pair.clientSeed;
    round.nonce = pair.nonce;
    round.outcome = played.outcome;
    round.win = played.win;
  }

  private async playDemo(session: HouseSession, choices: CheckedChoices): Promise<RoundAnswer> {
    if (session.balance < choices.bet) return { ok: false, refusal: { code: 'INSUFFICIENT_FUNDS', balance: session.balance } };
    const pair = this.demoLog.currentPair(this.fairKey(session));
    const round = this.newRound(session, choices, pair, 'settled');
    this.resolve(round, pair);
    pair.nonce += 1;
    session.balance = session.balance - choices.bet + round.win;
    this.demoLog.add(round);
    return { ok: true, round, balance: session.balance, winPending: false };
  }

  private async playReal(session: HouseSession, choices: CheckedChoices): Promise<RoundAnswer> {
    const token = session.token;
    if (!token) return { ok: false, refusal: { code: 'SESSION_EXPIRED' } };
    const fairKey = this.fairKey(session);
    const round = this.newRound(session, choices, await this.store.currentPair(fairKey), 'bet-pending');
    // Stored before the bet leaves: if this process dies before it learns the bet's fate, another rolls it back.
    await this.store.insertRound(round, token, this.betInHandMs);
    const wallet = this.options.wallet;
    const bet = await wallet.bet(session.vendor, {
      token,
      transactionId: round.betTransactionId,
      roundId: round.roundId,
      gameCode: session.gameCode,
      amount: choices.bet.toString(),
      currency: session.currency,
    });
    if (bet.kind === 'refused') {
      await this.store.deleteRefusedRound(round.roundId);
      if (bet.code === 'INSUFFICIENT_FUNDS') {
        if (bet.balance !== undefined) await this.rememberBalance(session, BigInt(bet.balance));
        return { ok: false, refusal: { code: 'INSUFFICIENT_FUNDS', balance: session.balance } };
      }
      return { ok: false, refusal: refusalFor(bet.code) };
    }
    if (bet.kind === 'unknown') {
      // We cannot know whether the stake was taken: refund it by its id; nothing is played.
      round.status = 'rollback-pending';
      if (!(await this.store.transition(round, 'bet-pending', this.repeatsInHandMs))) {
        return { ok: false, refusal: { code: 'ROUND_VOIDED', rollbackPending: true } };
      }
      await this.sendRollback(round, token, this.delays.length + 1);
      if (round.status === 'rollback-pending') await this.store.transition(round, 'rollback-pending', 0);
      return { ok: false, refusal: { code: 'ROUND_VOIDED', rollbackPending: round.status === 'rollback-pending' } };
    }
    session.balance = BigInt(bet.value.balance);
    // The nonce is taken now, atomically in the database: rounds on other instances get other nonces.
    this.resolve(round, await this.store.claimNonce(fairKey));
    round.status = 'win-pending';
    if (!(await this.store.transition(round, 'bet-pending', this.repeatsInHandMs))) {
      // Another instance took the round for dead and rolled the bet back: nothing is owed.
      return { ok: false, refusal: { code: 'ROUND_VOIDED', rollbackPending: true } };
    }
    const credited = await this.sendWin(round, token, this.delays.length + 1);
    if (round.status === 'win-pending') {
      // Due at once for the reconcile loop of any instance.
      await this.store.transition(round, 'win-pending', 0);
      await this.rememberBalance(session, session.balance);
      // Show the balance the platform will hold once the repeated win lands.
      return { ok: true, round, balance: session.balance + round.win, winPending: true };
    }
    await this.rememberBalance(session, credited ?? session.balance);
    return { ok: true, round, balance: session.balance, winPending: false };
  }

  /** Sends the round's win (same transaction id every time); the platform's balance once it is accepted. */
  private async sendWin(round: RoundRecord, token: string, attempts: number): Promise<bigint | undefined> {
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(this.delays[Math.min(attempt - 1, this.delays.length - 1)] ?? 0);
      const answer = await this.options.wallet.win(round.vendor, {
        token,
        transactionId: round.winTransactionId,
        roundId: round.roundId,
        gameCode: round.gameCode,
        amount: round.win.toString(),
        currency: round.currency,
        closeRound: true,
      });
      if (answer.kind === 'ok') {
        await this.settle(round, 'win-pending', 'settled');
        return BigInt(answer.value.balance);
      }
      if (answer.kind === 'refused') {
        await this.settle(round, 'win-pending', 'win-refused');
        (this.options.logError ?? console.error)(`house: win refused for round ${round.roundId}: ${answer.code}`);
        return undefined;
      }
    }
    return undefined;
  }

  private async sendRollback(round: RoundRecord, token: string, attempts: number): Promise<void> {
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(this.delays[Math.min(attempt - 1, this.delays.length - 1)] ?? 0);
      const answer = await this.options.wallet.rollback(round.vendor, {
        token,
        transactionId: round.rollbackTransactionId,
        roundId: round.roundId,
        gameCode: round.gameCode,
        betTransactionId: round.betTransactionId,
      });
      if (answer.kind === 'ok') {
        await this.settle(round, 'rollback-pending', 'voided');
        return;
      }
      if (answer.kind === 'refused') {
        // BET_NOT_FOUND and the like: nothing of ours is held; log it for the operator.
        await this.settle(round, 'rollback-pending', 'voided');
        (this.options.logError ?? console.error)(`house: rollback refused for round ${round.roundId}: ${answer.code}`);
        return;
      }
    }
  }

  /** The wallet has answered: the round is final (a repeat by another instance may have recorded it first). */
  private async settle(round: RoundRecord, from: RoundStatus, status: RoundStatus): Promise<void> {
    round.status = status;
    await this.store.transition(round, from);
  }
}
