import type { BaccaratRound } from '../games/baccarat.ts';
import type { CrashRound } from '../games/crash.ts';
import type { GameOutcome } from '../games/play-round.ts';
import { pocketColour, pocketLabel, type RoulettePick, type RouletteRound } from '../games/roulette.ts';
import type { SlotRound, SpinResult } from '../games/slot.ts';
import type { Translate } from './boot.ts';
import { h } from './dom.ts';

/** Drawing pieces shared by the game page and the verify page. */

export const SYMBOL_GLYPHS: Record<string, string> = {
  WILD: 'W',
  SCATTER: '★',
  CROWN: '♛',
  GEM: '◆',
  BELL: '7',
  ACE: 'A',
  KING: 'K',
  QUEEN: 'Q',
  JACK: 'J',
  TEN: '10',
};

export function symbolName(symbols: readonly string[], index: number): string {
  return symbols[index] ?? 'TEN';
}

export function symbolCell(symbols: readonly string[], index: number, t: Translate): HTMLElement {
  const name = symbolName(symbols, index);
  return h('div', {
    class: `cell sym-${name.toLowerCase()}`,
    text: SYMBOL_GLYPHS[name] ?? '?',
    attrs: { role: 'img', 'aria-label': t(`slot.symbol.${name}` as Parameters<Translate>[0]) },
  });
}

/** A 5×3 grid (grid[reel][row]) with the winning cells marked. */
export function slotGrid(
  symbols: readonly string[],
  spin: Pick<SpinResult, 'grid'>,
  winning: ReadonlySet<string>,
  t: Translate,
): HTMLElement {
  const grid = h('div', { class: 'reels', attrs: { role: 'group', 'aria-label': t('slot.reels') } });
  for (let row = 0; row < 3; row++) {
    for (let reel = 0; reel < 5; reel++) {
      const cell = symbolCell(symbols, spin.grid[reel]?.[row] ?? 9, t);
      if (winning.has(`${reel}:${row}`)) cell.classList.add('win');
      grid.append(cell);
    }
  }
  return grid;
}

export function winningCells(spin: SpinResult, paylines: readonly (readonly number[])[]): Set<string> {
  const cells = new Set<string>();
  for (const w of spin.lineWins) {
    const rows = paylines[w.line] ?? [];
    for (let reel = 0; reel < w.count; reel++) cells.add(`${reel}:${rows[reel]}`);
  }
  if (spin.scatterCount >= 3) {
    spin.grid.forEach((column, reel) => {
      column.forEach((s, row) => {
        if (s === 1) cells.add(`${reel}:${row}`);
      });
    });
  }
  return cells;
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

export function cardLabel(card: number): string {
  return `${RANKS[card % 13]}${SUITS[Math.floor(card / 13) % 4]}`;
}

export function cardEl(card: number): HTMLElement {
  const suit = Math.floor(card / 13) % 4;
  return h('span', { class: `card${suit === 1 || suit === 2 ? ' red' : ''}`, text: cardLabel(card) });
}

export function baccaratTable(round: BaccaratRound, t: Translate, visible = Number.POSITIVE_INFINITY): HTMLElement {
  // Deal order: P1, B1, P2, B2, then the third cards.
  const order: ['player' | 'banker', number][] = [
    ['player', 0],
    ['banker', 0],
    ['player', 1],
    ['banker', 1],
  ];
  if (round.player.length > 2) order.push(['player', 2]);
  if (round.banker.length > 2) order.push(['banker', 2]);
  const shown = new Set(order.slice(0, visible).map(([hand, i]) => `${hand}${i}`));
  const hand = (name: 'player' | 'banker', cards: number[], total: number) =>
    h(
      'div',
      { class: `hand hand-${name}${round.outcome === name.toUpperCase() && visible >= order.length ? ' winner' : ''}` },
      h('h3', {
        text: t('baccarat.hand', {
          side: t(name === 'player' ? 'baccarat.PLAYER' : 'baccarat.BANKER'),
          total: visible >= order.length ? total : '…',
        }),
      }),
      h(
        'div',
        { class: 'cards' },
        ...cards.map((c, i) =>
          shown.has(`${name}${i}`) ? cardEl(c) : h('span', { class: 'card back', attrs: { 'aria-hidden': 'true' } }),
        ),
      ),
    );
  return h('div', { class: 'table' }, hand('player', round.player, round.playerTotal), hand('banker', round.banker, round.bankerTotal));
}

/** The pocket the ball landed in, coloured as on the wheel. */
export function roulettePocket(pocket: number | null, t: Translate): HTMLElement {
  if (pocket === null) return h('div', { class: 'pocket idle', text: '?', attrs: { 'aria-hidden': 'true' } });
  const colour = pocketColour(pocket);
  return h('div', {
    class: `pocket ${colour}`,
    text: pocketLabel(pocket),
    attrs: { role: 'img', 'aria-label': `${pocketLabel(pocket)} ${t(`roulette.colour.${colour}`)}` },
  });
}

export function pickLabel(pick: RoulettePick, t: Translate): string {
  return pick.startsWith('n')
    ? t('roulette.pick.number', { n: pocketLabel(Number(pick.slice(1))) })
    : t(`roulette.pick.${pick}` as Parameters<Translate>[0]);
}

export function rouletteSummary(round: RouletteRound, t: Translate): string {
  return t('roulette.landed', { n: pocketLabel(round.pocket), colour: t(`roulette.colour.${pocketColour(round.pocket)}`) });
}

export const multiplierText = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;

export function crashSummary(round: CrashRound, t: Translate): string[] {
  const lines = [t('crash.crashedAt', { x: multiplierText(round.crashPoint) })];
  if (round.cashedOut) lines.unshift(t('crash.cashedOut', { x: multiplierText(round.target) }));
  return lines;
}

export function baccaratSummary(round: BaccaratRound, t: Translate): string {
  return round.outcome === 'TIE' ? t('baccarat.tie') : t('baccarat.wins', { side: t(`baccarat.${round.outcome}`) });
}

/** Line and scatter wins of a spin as text, amounts for the given total bet. */
export function slotWinLines(
  spin: SpinResult,
  bet: bigint,
  symbols: readonly string[],
  t: Translate,
  fmt: (minor: bigint) => string,
  scatterPays: readonly number[],
): string[] {
  const lines = spin.lineWins.map((w) =>
    t('slot.lineWin', {
      line: w.line + 1,
      count: w.count,
      symbol: t(`slot.symbol.${symbolName(symbols, w.symbol)}` as Parameters<Translate>[0]),
      amount: fmt((bet * BigInt(w.units)) / 20n),
    }),
  );
  if (spin.scatterCount >= 3) {
    const pay = scatterPays[Math.min(spin.scatterCount, 5) - 3] ?? 0;
    lines.push(t('slot.scatterWin', { count: spin.scatterCount, amount: fmt(bet * BigInt(pay)) }));
  }
  return lines;
}

export type { BaccaratRound, CrashRound, GameOutcome, RouletteRound, SlotRound, SpinResult };
