import { createHash, randomUUID } from 'node:crypto';
import { hashServerSeed, newClientSeed, newServerSeed } from '../fair/fair-stream.ts';
import type { CheckedChoices, GameKind, GameOutcome } from '../games/registry.ts';
import type { HouseSession } from '../rounds/house-service.ts';
import type { RoundRecord, RoundStatus, SeedPair } from '../rounds/round-log.ts';
import { type DueRound, type HouseStore, type SqlExecutor, type StoredRound, UNSETTLED } from './house-store.ts';

const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * A nonce claim or a rotation that finds no current pair lost a race to a rotation that committed meanwhile
 * (someone made progress), and asks again; the bound only guards against a bug looping forever.
 */
const MAX_RACES = 50;

/** A unique index said no: another instance did the same thing at the same moment; asking again settles it. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** Each pair, session and round column as text: int8, jsonb and timestamps read the same whatever the driver's parsers. */
const PAIR_COLUMNS = 'id, server_seed, server_seed_hash, client_seed, nonce::text as nonce, (revealed_at is not null) as revealed';

interface PairRow {
  id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: string;
  revealed: boolean;
}

const pairOf = (row: PairRow): SeedPair => ({
  id: row.id,
  serverSeed: row.server_seed,
  serverSeedHash: row.server_seed_hash,
  clientSeed: row.client_seed,
  nonce: Number(row.nonce),
  revealed: row.revealed,
});

interface SessionRow {
  vendor: string;
  game_code: string;
  game: string;
  launch_token: string;
  player_key: string;
  display_name: string;
  currency: string;
  balance: string;
  last_used_ms: string;
}

const ROUND_COLUMNS = `r.round_id, r.vendor, r.game_code, r.game, r.player_key, r.currency, r.bet::text as bet, r.win::text as win,
  r.choices::text as choices, r.seed_pair_id, r.server_seed_hash, r.client_seed, r.nonce::text as nonce, r.outcome::text as outcome,
  r.status, r.bet_transaction_id, r.win_transaction_id, r.rollback_transaction_id, r.launch_token,
  (extract(epoch from r.created_at) * 1000)::int8::text as created_ms`;

interface RoundRow {
  round_id: string;
  vendor: string;
  game_code: string;
  game: string;
  player_key: string;
  currency: string;
  bet: string;
  win: string;
  choices: string;
  seed_pair_id: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: string;
  outcome: string | null;
  status: RoundStatus;
  bet_transaction_id: string;
  win_transaction_id: string;
  rollback_transaction_id: string;
  launch_token: string | null;
  created_ms: string;
}

/** Choices as JSON: the bet as a string of minor units (JSON has no bigint). */
type StoredChoices = Omit<CheckedChoices, 'bet'> & { bet: string };

const choicesToJson = (choices: CheckedChoices) => JSON.stringify({ ...choices, bet: choices.bet.toString() });
const choicesFromJson = (text: string): CheckedChoices => {
  const stored = JSON.parse(text) as StoredChoices;
  return { ...stored, bet: BigInt(stored.bet) } as CheckedChoices;
};

function roundOf(row: RoundRow): RoundRecord {
  return {
    roundId: row.round_id,
    game: row.game as GameKind,
    mode: 'real',
    vendor: row.vendor,
    gameCode: row.game_code,
    playerKey: row.player_key,
    currency: row.currency,
    bet: BigInt(row.bet),
    win: BigInt(row.win),
    choices: choicesFromJson(row.choices),
    seedPairId: row.seed_pair_id,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as GameOutcome),
    status: row.status,
    betTransactionId: row.bet_transaction_id,
    winTransactionId: row.win_transaction_id,
    rollbackTransactionId: row.rollback_transaction_id,
    createdAt: Number(row.created_ms),
  };
}

const UNSETTLED_LIST = UNSETTLED.map((s) => `'${s}'`).join(', ');

/**
 * Real-money sessions, seed pairs and rounds in PostgreSQL (tables: store/schema.ts), shared by every house
 * instance on the database. Each method is one statement, so it needs no transaction and works the same on
 * a pool (`pg`) and on the server's serialised PGlite. Races between instances are settled by the rows:
 * a nonce is claimed by UPDATE … RETURNING, a rotation reveals and starts in one statement, a round moves
 * between statuses only from the status it was read in.
 */
export class SqlHouseStore implements HouseStore {
  constructor(private readonly sql: SqlExecutor) {}

  async saveSession(session: HouseSession): Promise<void> {
    if (session.mode !== 'real' || !session.token) throw new Error('only real-money sessions with a launch token are stored');
    await this.sql.query(
      `insert into house_session (id_hash, vendor, game_code, game, launch_token, player_key, display_name, currency, balance)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::int8)`,
      [
        hashSessionId(session.id),
        session.vendor,
        session.gameCode,
        session.game,
        session.token,
        session.playerKey,
        session.displayName,
        session.currency,
        session.balance.toString(),
      ],
    );
  }

  async findSession(id: string, idleMs: number): Promise<HouseSession | undefined> {
    const [row] = await this.sql.query<SessionRow>(
      `update house_session set last_used_at = now()
       where id_hash = $1 and last_used_at > now() - ($2::float8 * interval '1 millisecond')
       returning vendor, game_code, game, launch_token, player_key, display_name, currency, balance::text as balance,
         (extract(epoch from last_used_at) * 1000)::int8::text as last_used_ms`,
      [hashSessionId(id), idleMs],
    );
    if (!row) return undefined;
    return {
      id,
      mode: 'real',
      vendor: row.vendor,
      gameCode: row.game_code,
      game: row.game as GameKind,
      token: row.launch_token,
      playerKey: row.player_key,
      displayName: row.display_name,
      currency: row.currency,
      balance: BigInt(row.balance),
      lastUsed: Number(row.last_used_ms),
    };
  }

  async saveBalance(sessionId: string, balance: bigint): Promise<void> {
    await this.sql.query('update house_session set balance = $2::int8 where id_hash = $1', [hashSessionId(sessionId), balance.toString()]);
  }

  async dropIdleSessions(idleMs: number): Promise<number> {
    const rows = await this.sql.query<{ id_hash: string }>(
      `delete from house_session where last_used_at <= now() - ($1::float8 * interval '1 millisecond') returning id_hash`,
      [idleMs],
    );
    return rows.length;
  }

  async currentPair(fairKey: string): Promise<SeedPair> {
    for (let attempt = 0; attempt < MAX_RACES; attempt++) {
      const [row] = await this.sql.query<PairRow>(`select ${PAIR_COLUMNS} from house_seed_pair where fair_key = $1 and is_current`, [
        fairKey,
      ]);
      if (row) return pairOf(row);
      await this.startPair(fairKey, newClientSeed());
    }
    throw new Error(`no current seed pair for ${fairKey}`);
  }

  async claimNonce(fairKey: string): Promise<SeedPair> {
    for (let attempt = 0; attempt < MAX_RACES; attempt++) {
      // The row lock orders claims across instances; `is_current` is checked under it, so a pair revealed
      // meanwhile is never played.
      const [row] = await this.sql.query<PairRow>(
        `update house_seed_pair set nonce = nonce + 1 where fair_key = $1 and is_current
         returning id, server_seed, server_seed_hash, client_seed, (nonce - 1)::text as nonce, false as revealed`,
        [fairKey],
      );
      if (row) return pairOf(row);
      await this.startPair(fairKey, newClientSeed());
    }
    throw new Error(`could not claim a nonce for ${fairKey}`);
  }

  async rotate(fairKey: string, clientSeed: string): Promise<{ revealed: SeedPair; next: SeedPair }> {
    for (let attempt = 0; attempt < MAX_RACES; attempt++) {
      await this.currentPair(fairKey);
      const serverSeed = newServerSeed();
      const nextId = randomUUID();
      try {
        // One statement: the reveal and the new pair commit together, so a nonce claim waiting on the old
        // row finds it revealed and, asked again, the new one. The insert reads `revealed` so it runs after
        // the update (the old row has left the unique "current" index by then).
        const [row] = await this.sql.query<PairRow>(
          `with revealed as (
             update house_seed_pair set is_current = false, revealed_at = now()
             where fair_key = $1 and is_current
             returning ${PAIR_COLUMNS.replace('(revealed_at is not null)', 'true')}
           ), started as (
             insert into house_seed_pair (id, fair_key, server_seed, server_seed_hash, client_seed)
             select $2, $1, $3, $4, $5 from revealed
             returning id
           )
           select revealed.* from revealed join started on true`,
          [fairKey, nextId, serverSeed, hashServerSeed(serverSeed), clientSeed],
        );
        if (row) {
          const next: SeedPair = {
            id: nextId,
            serverSeed,
            serverSeedHash: hashServerSeed(serverSeed),
            clientSeed,
            nonce: 0,
            revealed: false,
          };
          return { revealed: pairOf(row), next };
        }
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`could not rotate the seed pair of ${fairKey}`);
  }

  private async startPair(fairKey: string, clientSeed: string): Promise<void> {
    const serverSeed = newServerSeed();
    await this.sql.query(
      `insert into house_seed_pair (id, fair_key, server_seed, server_seed_hash, client_seed) values ($1, $2, $3, $4, $5)
       on conflict (fair_key) where is_current do nothing`,
      [randomUUID(), fairKey, serverSeed, hashServerSeed(serverSeed), clientSeed],
    );
  }

  async insertRound(round: RoundRecord, token: string, dueInMs: number): Promise<void> {
    await this.sql.query(
      `insert into house_round (round_id, vendor, game_code, game, player_key, currency, bet, win, choices, seed_pair_id,
         server_seed_hash, client_seed, nonce, outcome, status, bet_transaction_id, win_transaction_id, rollback_transaction_id,
         launch_token, next_attempt_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7::int8, $8::int8, $9::jsonb, $10, $11, $12, $13, $14::jsonb, $15, $16, $17, $18, $19,
         now() + ($20::float8 * interval '1 millisecond'), $21::timestamptz)`,
      [
        round.roundId,
        round.vendor,
        round.gameCode,
        round.game,
        round.playerKey,
        round.currency,
        round.bet.toString(),
        round.win.toString(),
        choicesToJson(round.choices),
        round.seedPairId,
        round.serverSeedHash,
        round.clientSeed,
        round.nonce,
        round.outcome === null ? null : JSON.stringify(round.outcome),
        round.status,
        round.betTransactionId,
        round.winTransactionId,
        round.rollbackTransactionId,
        token,
        dueInMs,
        new Date(round.createdAt).toISOString(),
      ],
    );
  }

  async deleteRefusedRound(roundId: string): Promise<void> {
    await this.sql.query(`delete from house_round where round_id = $1 and status = 'bet-pending'`, [roundId]);
  }

  async transition(round: RoundRecord, from: RoundStatus, dueInMs = 0): Promise<boolean> {
    const unsettled = UNSETTLED.includes(round.status);
    const rows = await this.sql.query<{ round_id: string }>(
      `update house_round set status = $3, win = $4::int8, outcome = $5::jsonb, seed_pair_id = $6, server_seed_hash = $7,
         client_seed = $8, nonce = $9,
         launch_token = case when $10 then launch_token end,
         next_attempt_at = case when $10 then now() + ($11::float8 * interval '1 millisecond') end,
         settled_at = case when $10 then null else now() end
       where round_id = $1 and status = $2
       returning round_id`,
      [
        round.roundId,
        from,
        round.status,
        round.win.toString(),
        round.outcome === null ? null : JSON.stringify(round.outcome),
        round.seedPairId,
        round.serverSeedHash,
        round.clientSeed,
        round.nonce,
        unsettled,
        dueInMs,
      ],
    );
    return rows.length === 1;
  }

  async claimDue(limit: number, baseMs: number, maxMs: number): Promise<DueRound[]> {
    // SKIP LOCKED: two instances claiming at once take different rows instead of queueing on the same ones.
    const rows = await this.sql.query<RoundRow>(
      `update house_round r
         set attempts = r.attempts + 1,
             next_attempt_at = now() + (least($3::float8, $2::float8 * power(2, least(r.attempts, 20))) * interval '1 millisecond'),
             status = case when r.status = 'bet-pending' then 'rollback-pending' else r.status end
       where r.round_id in (
         select round_id from house_round
         where status in (${UNSETTLED_LIST}) and next_attempt_at <= now()
         order by next_attempt_at
         limit $1
         for update skip locked
       )
       returning ${ROUND_COLUMNS}`,
      [limit, baseMs, maxMs],
    );
    return rows.flatMap((row) => (row.launch_token ? [{ round: roundOf(row), token: row.launch_token }] : []));
  }

  async round(roundId: string): Promise<StoredRound | undefined> {
    const [row] = await this.sql.query<RoundRow & { revealed_server_seed: string | null }>(
      `select ${ROUND_COLUMNS}, case when p.revealed_at is not null then p.server_seed end as revealed_server_seed
       from house_round r left join house_seed_pair p on p.id = r.seed_pair_id
       where r.round_id = $1`,
      [roundId],
    );
    return row ? { ...roundOf(row), revealedServerSeed: row.revealed_server_seed } : undefined;
  }

  async history(playerKey: string, limit: number): Promise<StoredRound[]> {
    const rows = await this.sql.query<RoundRow & { revealed_server_seed: string | null }>(
      `select ${ROUND_COLUMNS}, case when p.revealed_at is not null then p.server_seed end as revealed_server_seed
       from house_round r left join house_seed_pair p on p.id = r.seed_pair_id
       where r.player_key = $1 and r.status <> 'bet-pending'
       order by r.seq desc
       limit $2`,
      [playerKey, limit],
    );
    return rows.map((row) => ({ ...roundOf(row), revealedServerSeed: row.revealed_server_seed }));
  }

  async unsettledRoundIds(): Promise<string[]> {
    const rows = await this.sql.query<{ round_id: string }>(
      `select round_id from house_round where status in (${UNSETTLED_LIST}) order by seq`,
    );
    return rows.map((r) => r.round_id);
  }
}
