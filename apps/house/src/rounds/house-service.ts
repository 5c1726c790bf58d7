import { randomBytes, randomUUID } from 'node:crypto';
import type { ProviderErrorCode } from '@playfront/contract/provider-wallet';
import { FairStream } from '../fair/fair-stream.ts';
import { type CheckedChoices, type GameKind, type GameOutcome, playRound } from '../games/registry.ts';
import type { WalletClient } from '../wallet/wallet-client.ts';
import { KeyedLock, type RoundLog, type RoundRecord, type RoundStatus } from './round-log.ts';

/** Play money for demo mode: ৳10,000.00. */
export const DEMO_BALANCE = 1_000_000n;
const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Open sessions kept at most; beyond it the least recently used go (a page reload opens a new one). */
export const MAX_SESSIONS = 50_000;

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
  | { code: 'SESSION_EXPIRED' | 'ACCOUNT_BLOCKED' | 'GAME_UNAVAILABLE' | 'WALLET_REFUSED' | 'WALLET_UNAVAILABLE' }
  /** The bet's fate was unknown: it was rolled back (or the rollback is being repeated); nothing was played. */
  | { code: 'ROUND_VOIDED'; rollbackPending: boolean };

export type RoundAnswer = { ok: true; round: RoundRecord; balance: bigint; winPending: boolean } | { ok: false; refusal: RoundRefusal };

export interface HouseServiceOptions {
  wallet: WalletClient;
  log: RoundLog;
  /** Waits between repeats of a win or rollback; default 150 ms, 500 ms, 1.5 s. */
  retryDelaysMs?: readonly number[];
  /** How often unsettled wins and rollbacks are repeated in the background; default 15 s. */
  reconcileEveryMs?: number;
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
    default:
      return { code: 'WALLET_REFUSED' };
  }
}

/**
 * Plays rounds for house sessions. A real-money round is: bet (fresh transaction id)
 * → play from the fair stream → win (amount may be 0, closeRound true). A win without
 * a clear answer is repeated with the SAME transaction id until the platform answers;
 * a bet without a clear answer is rolled back by its id (and the rollback repeated),
 * and nothing is played. Demo rounds move play money only and call no wallet.
 */
export class HouseService {
  readonly sessions = new Map<string, HouseSession>();
  private readonly lock = new KeyedLock();
  private readonly unsettled = new Set<string>();
  private readonly timer: NodeJS.Timeout;
  private readonly delays: readonly number[];

  constructor(private readonly options: HouseServiceOptions) {
    this.delays = options.retryDelaysMs ?? [150, 500, 1500];
    this.timer = setInterval(() => void this.reconcile(), options.reconcileEveryMs ?? 15_000);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  openSession(init: Omit<HouseSession, 'id' | 'lastUsed'>): HouseSession {
    this.sweep();
    const session: HouseSession = { ...init, id: randomBytes(24).toString('base64url'), lastUsed: Date.now() };
    this.sessions.set(session.id, session);
    if (this.sessions.size > MAX_SESSIONS) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    return session;
  }

  session(id: string | undefined): HouseSession | undefined {
    const session = id ? this.sessions.get(id) : undefined;
    if (!session || Date.now() - session.lastUsed > SESSION_IDLE_MS) return undefined;
    session.lastUsed = Date.now();
    // Most recently used last, so the bound above drops the idlest.
    this.sessions.delete(session.id);
    this.sessions.set(session.id, session);
    return session;
  }

  /** The fairness key: one seed pair per player and game (or per demo session). */
  fairKey(session: HouseSession): string {
    return `${session.playerKey}|${session.vendor}|${session.gameCode}|${session.game}`;
  }

  rotateSeed(session: HouseSession, clientSeed: string) {
    return this.lock.run(this.fairKey(session), async () => this.options.log.rotate(this.fairKey(session), clientSeed));
  }

  play(session: HouseSession, choices: CheckedChoices): Promise<RoundAnswer> {
    return this.lock.run(this.fairKey(session), () =>
      session.mode === 'demo' ? this.playDemo(session, choices) : this.playReal(session, choices),
    );
  }

  /** Unsettled rounds (win or rollback still being repeated). */
  pendingRounds(): string[] {
    return [...this.unsettled];
  }

  /** Repeats every unsettled win and rollback once. */
  async reconcile(): Promise<void> {
    for (const roundId of [...this.unsettled]) {
      const round = this.options.log.get(roundId);
      if (!round) {
        this.unsettled.delete(roundId);
        continue;
      }
      const token = this.tokenFor(round);
      if (!token) continue;
      if (round.status === 'win-pending') await this.sendWin(round, token, 1);
      else if (round.status === 'rollback-pending') await this.sendRollback(round, token, 1);
      if (round.status !== 'win-pending' && round.status !== 'rollback-pending') this.unsettled.delete(roundId);
    }
  }

  private readonly tokens = new Map<string, string>();

  private tokenFor(round: RoundRecord): string | undefined {
    return this.tokens.get(round.roundId);
  }

  private newRound(session: HouseSession, choices: CheckedChoices): RoundRecord {
    const pair = this.options.log.currentPair(this.fairKey(session));
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
      status: 'settled',
      betTransactionId: `${roundId}-bet`,
      winTransactionId: `${roundId}-win`,
      rollbackTransactionId: `${roundId}-rollback`,
      createdAt: Date.now(),
    };
  }

  /** Draws the outcome with the pair's current nonce and moves the nonce on. */
  private resolve(round: RoundRecord, choices: CheckedChoices): { outcome: GameOutcome; win: bigint } {
    const pair = this.options.log.pair(round.seedPairId);
    if (!pair) throw new Error('seed pair vanished');
    round.nonce = pair.nonce;
    const played = playRound(new FairStream(pair.serverSeed, pair.clientSeed, pair.nonce), choices);
    pair.nonce += 1;
    round.outcome = played.outcome;
    round.win = played.win;
    return played;
  }

  private async playDemo(session: HouseSession, choices: CheckedChoices): Promise<RoundAnswer> {
    if (session.balance < choices.bet) return { ok: false, refusal: { code: 'INSUFFICIENT_FUNDS', balance: session.balance } };
    const round = this.newRound(session, choices);
    const { win } = this.resolve(round, choices);
    session.balance = session.balance - choices.bet + win;
    this.options.log.add(round);
    return { ok: true, round, balance: session.balance, winPending: false };
  }

  private async playReal(session: HouseSession, choices: CheckedChoices): Promise<RoundAnswer> {
    const token = session.token;
    if (!token) return { ok: false, refusal: { code: 'SESSION_EXPIRED' } };
    const round = this.newRound(session, choices);
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
      if (bet.code === 'INSUFFICIENT_FUNDS') {
        if (bet.balance !== undefined) session.balance = BigInt(bet.balance);
        return { ok: false, refusal: { code: 'INSUFFICIENT_FUNDS', balance: session.balance } };
      }
      return { ok: false, refusal: refusalFor(bet.code) };
    }
    if (bet.kind === 'unknown') {
      // We cannot know whether the stake was taken: refund it by its id; nothing is played.
      this.tokens.set(round.roundId, token);
      round.status = 'rollback-pending';
      this.options.log.add(round);
      await this.sendRollback(round, token, this.delays.length + 1);
      if (round.status === 'rollback-pending') this.unsettled.add(round.roundId);
      return { ok: false, refusal: { code: 'ROUND_VOIDED', rollbackPending: round.status === 'rollback-pending' } };
    }
    session.balance = BigInt(bet.value.balance);
    this.resolve(round, choices);
    round.status = 'win-pending';
    this.tokens.set(round.roundId, token);
    this.options.log.add(round);
    await this.sendWin(round, token, this.delays.length + 1);
    if (round.status === 'win-pending') {
      this.unsettled.add(round.roundId);
      // Show the balance the platform will hold once the repeated win lands.
      return { ok: true, round, balance: session.balance + round.win, winPending: true };
    }
    if (round.status === 'settled') {
      const latest = this.lastBalance.get(round.roundId);
      if (latest !== undefined) session.balance = latest;
      this.lastBalance.delete(round.roundId);
    }
    return { ok: true, round, balance: session.balance, winPending: false };
  }

  private readonly lastBalance = new Map<string, bigint>();

  private async sendWin(round: RoundRecord, token: string, attempts: number): Promise<void> {
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
        this.settle(round, 'settled');
        this.lastBalance.set(round.roundId, BigInt(answer.value.balance));
        return;
      }
      if (answer.kind === 'refused') {
        this.settle(round, 'win-refused');
        console.error(`house: win refused for round ${round.roundId}: ${answer.code}`);
        return;
      }
    }
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
        this.settle(round, 'voided');
        return;
      }
      if (answer.kind === 'refused') {
        // BET_NOT_FOUND and the like: nothing of ours is held; log it for the operator.
        this.settle(round, 'voided');
        console.error(`house: rollback refused for round ${round.roundId}: ${answer.code}`);
        return;
      }
    }
  }

  private settle(round: RoundRecord, status: RoundStatus): void {
    round.status = status;
    this.tokens.delete(round.roundId);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) if (now - session.lastUsed > SESSION_IDLE_MS) this.sessions.delete(id);
  }
}
