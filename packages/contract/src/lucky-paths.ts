/**
 * Lucky draws (issue 12, "prize wheel, golden eggs, raffle"; spec section 1 "prize wheel, golden egg tickets", section 7
 * `POST rafflePromotion`), zod-free so the side menu and the verify view can import paths, vocabulary and the fairness
 * rules without the schemas (lucky.ts re-exports this and adds them). The spec gives no paths; they were chosen here,
 * under `/wps/lucky/` (the raffle call keeps the spec's name).
 *
 * Fairness follows the house games' scheme exactly (apps/house/src/fair/fair-stream.ts): a 32-byte server seed whose
 * SHA-256 (of the bytes, hex) is shown before any play, the member's client seed and a nonce; block k of a round's
 * stream is HMAC-SHA256(key = seed bytes, message = `${clientInput}:${nonce}` for k = 0, `${clientInput}:${nonce}:${k}`
 * after), read as big-endian 32-bit words. The functions below turn those words into outcomes; the server and the
 * verify view both run them, so an outcome can be recomputed from the revealed seed.
 */
export const LUCKY_GAMES = ['wheel', 'eggs'] as const;
export type LuckyGame = (typeof LUCKY_GAMES)[number];

export const LUCKY_PATHS = {
  /** GET (token): the game's prizes, the member's tickets and seed commitment, the latest plays. `:game` wheel | eggs. */
  game: '/wps/lucky/:game',
  /** POST (token): spend a ticket and play (spin the wheel; smash egg `egg`). */
  play: '/wps/lucky/:game/play',
  /** PUT (token): set a new client seed; reveals the current server seed and commits to a new one. */
  seed: '/wps/lucky/:game/seed',
  /** GET (token): the member's plays with everything needed to verify each one. */
  plays: '/wps/lucky/:game/plays',
  /** POST (token): spec section 7 `rafflePromotion`: open and recent raffles, the member's entries, winners. */
  raffle: '/wps/lucky/rafflePromotion',
} as const;

export const luckyPath = (path: string, game: LuckyGame) => path.replace(':game', game);

export const OPS_LUCKY_PATHS = {
  /** GET / PUT: a game's configuration (tickets per deposit or valid bet, budget, egg count, prizes). */
  game: '/ops/lucky/:game',
  /** POST: give a member tickets (`{ username, count }`). */
  tickets: '/ops/lucky/:game/tickets',
  /** GET: raffles (newest first); POST: open a new raffle (its server seed is committed at once). */
  raffles: '/ops/lucky/raffles',
} as const;

export const LUCKY_PRIZE_KINDS = ['CASH', 'BONUS', 'NONE'] as const;
export type LuckyPrizeKind = (typeof LUCKY_PRIZE_KINDS)[number];
/** How a prize reached the member: cash to the wallet, a bonus grant, a bonus waiting in the reward centre, nothing. */
export const LUCKY_PAID_AS = ['CASH', 'BONUS', 'CLAIMABLE', 'NONE'] as const;
export type LuckyPaidAs = (typeof LUCKY_PAID_AS)[number];
export const EGG_COUNTS = [3, 6, 9] as const;
export const RAFFLE_STATUSES = ['OPEN', 'DRAWN'] as const;
export type RaffleStatus = (typeof RAFFLE_STATUSES)[number];

/** Client seeds a member may choose: as the house games (no `:` or `.`, which separate the HMAC message parts). */
export const LUCKY_CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A source of uniform 32-bit words (the fair stream on the server, precomputed blocks in the browser). */
export interface WordSource {
  nextUint32(): number;
}

const TWO_32 = 2 ** 32;

/** A uniform integer in [0, n), by rejection (no modulo bias): the house games' `uniformInt`, word for word. */
export function uniformInt(source: WordSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`uniformInt: bad range ${n}`);
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const word = source.nextUint32();
    if (word < limit) return word % n;
  }
}

/** The HMAC message of block `block` of a round. */
export function fairMessage(clientInput: string, nonce: number, block: number): string {
  return block === 0 ? `${clientInput}:${nonce}` : `${clientInput}:${nonce}:${block}`;
}

/** A wheel round's client input is the client seed; an egg round's adds the egg smashed (1-based), so the pick matters. */
export function luckyClientInput(game: LuckyGame, clientSeed: string, egg: number | null): string {
  return game === 'eggs' ? `${clientSeed}.egg${egg ?? 0}` : clientSeed;
}

export type FairSlot = { position: number; weight: number };

/**
 * The segment a round lands on. `slots` are the prizes that could still be paid when the round was played (a prize out
 * of stock, or whose amount its own budget or the game's budget can no longer cover, is left out before drawing), in
 * position order; r = uniformInt(stream, sum of their weights) and the winner is the slot whose cumulative weight
 * range holds r. Returns the winning slot's position.
 */
export function pickWeighted(source: WordSource, slots: readonly FairSlot[]): number {
  const total = slots.reduce((sum, s) => sum + s.weight, 0);
  if (slots.length === 0 || total < 1) throw new RangeError('pickWeighted: nothing to pick');
  let r = uniformInt(source, total);
  for (const slot of slots) {
    if (r < slot.weight) return slot.position;
    r -= slot.weight;
  }
  throw new RangeError('pickWeighted: unreachable');
}

/** A raffle's draw for rank k uses client input `raffle-<id>` and nonce k (1-based). */
export const raffleClientInput = (raffleId: number) => `raffle-${raffleId}`;

export type RaffleEntrant = { memberId: number; entries: number };

/**
 * The raffle draw: entrants in member id order, each holding `entries` consecutive tickets. For rank 1, 2, … (one
 * stream each: `sourceFor(rank)`), t = uniformInt(stream, tickets still in the drum) picks the ticket; its holder wins
 * that rank and all their tickets leave the drum (one prize per member). Stops when the ranks or the entrants run out.
 */
export function drawRaffle(sourceFor: (rank: number) => WordSource, entrants: readonly RaffleEntrant[], ranks: number) {
  const drum = [...entrants].filter((e) => e.entries > 0).sort((a, b) => a.memberId - b.memberId);
  const winners: { rank: number; memberId: number; ticket: number }[] = [];
  for (let rank = 1; rank <= ranks && drum.length > 0; rank++) {
    const total = drum.reduce((sum, e) => sum + e.entries, 0);
    const ticket = uniformInt(sourceFor(rank), total);
    let left = ticket;
    const index = drum.findIndex((e) => {
      if (left < e.entries) return true;
      left -= e.entries;
      return false;
    });
    winners.push({ rank, memberId: drum[index]!.memberId, ticket });
    drum.splice(index, 1);
  }
  return winners;
}

/** Words from precomputed HMAC blocks (the browser computes them with WebCrypto, which is asynchronous). */
export function wordsFromBlocks(blocks: readonly Uint8Array[]): WordSource {
  let index = 0;
  return {
    nextUint32() {
      const block = blocks[Math.floor(index / 8)];
      if (!block) throw new RangeError('wordsFromBlocks: more blocks needed');
      const at = (index % 8) * 4;
      index += 1;
      return ((block[at]! << 24) | (block[at + 1]! << 16) | (block[at + 2]! << 8) | block[at + 3]!) >>> 0;
    },
  };
}
