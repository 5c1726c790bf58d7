import {
  drawRaffle,
  fairMessage,
  type LuckyGame,
  luckyClientInput,
  pickWeighted,
  type RaffleEntrant,
  raffleClientInput,
  wordsFromBlocks,
} from '@playfront/contract/lucky-paths';

/**
 * The verify view's recomputation, in the browser with WebCrypto and the contract's own mapping (the code the server
 * draws with): SHA-256 of the revealed seed must equal the hash committed before play, and the HMAC stream of
 * (seed, client input, nonce) must land where the server said.
 */
const BLOCKS = 4;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (value: string) => new Uint8Array(value.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? []);

export async function sha256Hex(seedHex: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', fromHex(seedHex)));
}

/** The first blocks of a round's stream (more than any draw here needs: a word is redrawn with odds below 2^-20). */
async function streamBlocks(seedHex: string, clientInput: string, nonce: number): Promise<Uint8Array[]> {
  const key = await crypto.subtle.importKey('raw', fromHex(seedHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const encoder = new TextEncoder();
  const blocks: Uint8Array[] = [];
  for (let k = 0; k < BLOCKS; k++) {
    blocks.push(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(fairMessage(clientInput, nonce, k)))));
  }
  return blocks;
}

export type PlayToVerify = {
  game: LuckyGame;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  egg: number | null;
  slots: { position: number; weight: number }[];
  position: number;
};

export type Verdict = { hashMatches: boolean; position: number; matches: boolean };

export async function verifyPlay(p: PlayToVerify): Promise<Verdict> {
  const hashMatches = (await sha256Hex(p.serverSeed)) === p.serverSeedHash;
  const blocks = await streamBlocks(p.serverSeed, luckyClientInput(p.game, p.clientSeed, p.egg), p.nonce);
  const position = pickWeighted(wordsFromBlocks(blocks), p.slots);
  return { hashMatches, position, matches: hashMatches && position === p.position };
}

/** Recomputes a raffle's winning tickets, rank by rank, from its revealed seed and its drum. */
export async function verifyRaffle(raffleId: number, serverSeed: string, serverSeedHash: string, entrants: RaffleEntrant[], ranks: number) {
  const hashMatches = (await sha256Hex(serverSeed)) === serverSeedHash;
  const byRank = new Map<number, Uint8Array[]>();
  for (let rank = 1; rank <= ranks; rank++) byRank.set(rank, await streamBlocks(serverSeed, raffleClientInput(raffleId), rank));
  const winners = drawRaffle((rank) => wordsFromBlocks(byRank.get(rank) ?? []), entrants, ranks);
  return { hashMatches, winners };
}
