import type { HouseSession } from '../rounds/house-service.ts';
import type { RoundRecord, RoundStatus, SeedPair } from '../rounds/round-log.ts';

/**
 * The smallest thing the house needs from a database: one statement, positional parameters, rows back.
 * The server hands one over its Kysely pool, the standalone house one over a `pg` Pool; the house never
 * imports either (it reaches the platform only over HTTP).
 */
export interface SqlExecutor {
  query<R>(text: string, params?: readonly unknown[]): Promise<R[]>;
}

/** A round read back with what a player may see of its pair: the server seed once the pair is revealed. */
export type StoredRound = RoundRecord & { revealedServerSeed: string | null };

/** An unsettled round claimed for a repeat, with the launch token the repeat must carry. */
export interface DueRound {
  round: RoundRecord;
  token: string;
}

/** Rounds whose win or rollback is still owed. */
export const UNSETTLED: readonly RoundStatus[] = ['bet-pending', 'win-pending', 'rollback-pending'];

/**
 * What HouseService needs to keep real-money play in a database shared by every house instance:
 * sessions, the players' seed pairs, and rounds with their settlement status.
 */
export interface HouseStore {
  saveSession(session: HouseSession): Promise<void>;
  /** The session if it exists and was used within `idleMs`; touching it keeps it alive. */
  findSession(id: string, idleMs: number): Promise<HouseSession | undefined>;
  saveBalance(sessionId: string, balance: bigint): Promise<void>;
  /** Forgets sessions idle longer than `idleMs`; answers how many went. */
  dropIdleSessions(idleMs: number): Promise<number>;

  /** The current pair of a fairness key, started (nonce 0, a random client seed) if it has none. */
  currentPair(fairKey: string): Promise<SeedPair>;
  /** Takes the current pair's next nonce for one round: the answer's `nonce` is the one to play with. */
  claimNonce(fairKey: string): Promise<SeedPair>;
  /** Reveals the current pair and starts the next (nonce 0, `clientSeed`) at once. */
  rotate(fairKey: string, clientSeed: string): Promise<{ revealed: SeedPair; next: SeedPair }>;

  /** Records a round before its bet is sent (status `bet-pending`), due for a rollback after `dueInMs`. */
  insertRound(round: RoundRecord, token: string, dueInMs: number): Promise<void>;
  /** Forgets a round whose bet was refused: nothing moved, nothing to show. */
  deleteRefusedRound(roundId: string): Promise<void>;
  /**
   * Moves a round from `from` to `round.status`, with its outcome, win and pair; unsettled statuses keep the
   * token and are due after `dueInMs`, settled ones drop it. False when the round was no longer in `from`
   * (another instance moved it first).
   */
  transition(round: RoundRecord, from: RoundStatus, dueInMs?: number): Promise<boolean>;
  /**
   * Claims up to `limit` unsettled rounds that are due, moving each one's next attempt on by a backoff
   * (`baseMs` doubling per attempt, at most `maxMs`) so other instances leave it alone meanwhile; a
   * `bet-pending` round that is due becomes `rollback-pending` (its house never learnt the bet's fate).
   */
  claimDue(limit: number, baseMs: number, maxMs: number): Promise<DueRound[]>;
  round(roundId: string): Promise<StoredRound | undefined>;
  /** A player's last `limit` rounds, newest first (rounds whose bet is still in flight left out). */
  history(playerKey: string, limit: number): Promise<StoredRound[]>;
  unsettledRoundIds(): Promise<string[]>;
}
