import { randomUUID } from 'node:crypto';
import { hashServerSeed, newClientSeed, newServerSeed } from '../fair/fair-stream.ts';
import type { CheckedChoices, GameKind, GameOutcome } from '../games/registry.ts';

/**
 * The house's memory of DEMO seeds and rounds. It lives in the process: demo rounds stay
 * verifiable (and revealed seeds readable) until the house restarts. Bounded: at most
 * MAX_ROUNDS rounds are kept, the oldest dropped first. Real-money seeds and rounds are in
 * the database (store/sql-house-store.ts).
 */
export interface SeedPair {
  id: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nonce: number;
  /** Set when the pair was rotated away and the server seed may be shown. */
  revealed: boolean;
}

export type RoundStatus =
  /** The bet is on its way (real money, stored before the call): a house that dies here leaves it to be rolled back. */
  | 'bet-pending'
  /** Bet and win both accepted (or a demo round). */
  | 'settled'
  /** Bet accepted; the win is still being repeated with the same transaction id. */
  | 'win-pending'
  /** The platform refused the win outright; an operator must look at it. */
  | 'win-refused'
  /** The bet's fate was unknown and its rollback was accepted: nothing was played. */
  | 'voided'
  /** The bet's fate is unknown and its rollback is still being repeated. */
  | 'rollback-pending';

export interface RoundRecord {
  roundId: string;
  game: GameKind;
  mode: 'real' | 'demo';
  vendor: string;
  gameCode: string;
  playerKey: string;
  currency: string;
  bet: bigint;
  win: bigint;
  choices: CheckedChoices;
  seedPairId: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  outcome: GameOutcome | null;
  status: RoundStatus;
  betTransactionId: string;
  winTransactionId: string;
  rollbackTransactionId: string;
  createdAt: number;
}

export const MAX_ROUNDS = 200_000;
/** Seed pairs and players remembered; beyond this the oldest are forgotten (every demo page load is a new player). */
export const MAX_PAIRS = 100_000;
export const MAX_PLAYERS = 100_000;
const HISTORY_PER_PLAYER = 20;

export class RoundLog {
  private readonly pairs = new Map<string, SeedPair>();
  /** The current pair of each fairness key (player + game, or a demo session). */
  private readonly current = new Map<string, string>();
  private readonly rounds = new Map<string, RoundRecord>();
  private readonly byPlayer = new Map<string, string[]>();
  private pairCounter = 0;

  currentPair(fairKey: string): SeedPair {
    const id = this.current.get(fairKey);
    const existing = id ? this.pairs.get(id) : undefined;
    if (existing) return existing;
    return this.startPair(fairKey, newClientSeed());
  }

  /** Reveals the current server seed and starts a new pair (nonce 0) with the given client seed. */
  rotate(fairKey: string, clientSeed: string): { revealed: SeedPair; next: SeedPair } {
    const revealed = this.currentPair(fairKey);
    revealed.revealed = true;
    return { revealed, next: this.startPair(fairKey, clientSeed) };
  }

  pair(id: string): SeedPair | undefined {
    return this.pairs.get(id);
  }

  add(record: RoundRecord): void {
    this.rounds.set(record.roundId, record);
    const list = this.byPlayer.get(record.playerKey) ?? [];
    list.unshift(record.roundId);
    if (list.length > HISTORY_PER_PLAYER) list.length = HISTORY_PER_PLAYER;
    // Re-inserted so the map's order is least recently played first.
    this.byPlayer.delete(record.playerKey);
    this.byPlayer.set(record.playerKey, list);
    if (this.byPlayer.size > MAX_PLAYERS) {
      const oldest = this.byPlayer.keys().next().value;
      if (oldest !== undefined) this.byPlayer.delete(oldest);
    }
    if (this.rounds.size > MAX_ROUNDS) {
      const oldest = this.rounds.keys().next().value;
      if (oldest !== undefined) this.rounds.delete(oldest);
    }
  }

  get(roundId: string): RoundRecord | undefined {
    return this.rounds.get(roundId);
  }

  history(playerKey: string): RoundRecord[] {
    return (this.byPlayer.get(playerKey) ?? []).flatMap((id) => this.rounds.get(id) ?? []);
  }

  private startPair(fairKey: string, clientSeed: string): SeedPair {
    const serverSeed = newServerSeed();
    this.pairCounter += 1;
    const pair: SeedPair = {
      id: `s${this.pairCounter}-${randomUUID()}`,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed,
      nonce: 0,
      revealed: false,
    };
    this.pairs.set(pair.id, pair);
    this.current.delete(fairKey);
    this.current.set(fairKey, pair.id);
    if (this.pairs.size > MAX_PAIRS) {
      const oldest = this.pairs.values().next().value;
      if (oldest) this.pairs.delete(oldest.id);
    }
    if (this.current.size > MAX_PAIRS) {
      const oldest = this.current.keys().next().value;
      if (oldest !== undefined) this.current.delete(oldest);
    }
    return pair;
  }
}

/** One async lock per key: rounds of the same player and game run one after another, so nonces never race. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
