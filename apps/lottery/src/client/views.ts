import type {
  LotteryBetTypeView,
  LotteryGameView,
  LotteryResult,
  LotterySchedule,
  LotterySelection,
  LotteryText,
} from '@playfront/contract/lottery';
import type { ClientMessageKey } from '../i18n/client-messages.ts';
import { localeOf, type Translate } from './boot.ts';
import { h } from './dom.ts';

/** Drawing pieces shared by the game page and the verify page. */

export const nameOf = (text: LotteryText, lang: 'EN' | 'BN') => (lang === 'BN' ? text.bn || text.en : text.en);

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The local wall clock, `hh:mm` or `hh:mm:ss` on the 24-hour clock with Latin digits: what Intl.DateTimeFormat gives
 * for both languages' locales (localeOf) with `timeStyle` short or medium and `hourCycle: 'h23'`, written by hand
 * because the first Intl.DateTimeFormat a page builds loads the locale data: 65–100 ms of main thread in Chromium,
 * unthrottled, in the middle of the page's start (the lobby's schedules and the countdown's line show clocks).
 */
export function clockText(date: Date, seconds: boolean): string {
  const clock = `${two(date.getHours())}:${two(date.getMinutes())}`;
  return seconds ? `${clock}:${two(date.getSeconds())}` : clock;
}

export function timeText(iso: string | Date, lang: 'EN' | 'BN', withDate = false): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (!withDate) return clockText(date, true);
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(date);
}

/** `"11:15"` UTC → the player's local wall clock, short. */
function utcClock(atUtc: string): string {
  const [hh, mm] = atUtc.split(':').map((part) => Number.parseInt(part, 10));
  const date = new Date();
  date.setUTCHours(hh ?? 0, mm ?? 0, 0, 0);
  return clockText(date, false);
}

export function scheduleText(schedule: LotterySchedule, t: Translate): string {
  switch (schedule.every) {
    case 'minutes':
      return t('schedule.minutes', { n: schedule.minutes });
    case 'day':
      return t('schedule.day', { time: utcClock(schedule.atUtc) });
    case 'month-days':
      return t('schedule.monthDays', { days: schedule.days.join(', '), time: utcClock(schedule.atUtc) });
  }
}

/** The odds a bet type shows beside its name. */
export function oddsText(bet: LotteryBetTypeView, t: Translate): string {
  if (bet.odds) return t('bet.odds', { odds: bet.odds });
  if (bet.oddsByChoice) return t('bet.oddsVaries');
  return t('bet.paytable');
}

/** A choice of a `choice` bet type in words (BIG/SMALL/ODD/EVEN, a sum). */
export function choiceText(choice: string, t: Translate): string {
  if (choice === 'BIG' || choice === 'SMALL' || choice === 'ODD' || choice === 'EVEN') return t(`choice.${choice}`);
  return /^\d+$/.test(choice) ? t('choice.sum', { sum: choice }) : choice;
}

export function numbersText(selection: LotterySelection | undefined, numbers: readonly string[], t: Translate): string {
  if (selection?.select === 'choice') return numbers.map((n) => choiceText(n, t)).join(', ');
  return numbers.join(' · ');
}

export const ball = (text: string | number, extra = '') => h('span', { class: `ball${extra ? ` ${extra}` : ''}`, text: String(text) });

/** A draw's result: VN/SEA prize tiers (compact: the special or first prize, the rest folded), pick-3 digits, keno balls. */
export function resultView(result: LotteryResult, t: Translate, compact: boolean): HTMLElement {
  switch (result.kind) {
    case 'ELOTT': {
      const [a, b, c] = result.digits;
      const big = result.sum >= 14 ? t('choice.BIG') : t('choice.SMALL');
      const odd = result.sum % 2 === 1 ? t('choice.ODD') : t('choice.EVEN');
      return h(
        'div',
        { class: 'balls', attrs: { 'data-testid': 'lotto-result' } },
        ball(a),
        ball(b),
        ball(c),
        h('span', { class: 'muted', text: `${t('results.sum', { sum: result.sum })} · ${big} · ${odd}` }),
      );
    }
    case 'LOTT':
      return h('div', { class: 'balls', attrs: { 'data-testid': 'lotto-result' } }, ...result.numbers.map((n) => ball(n)));
    case 'VN':
    case 'SEA': {
      const table = h(
        'table',
        { class: 'prize-table' },
        h(
          'tbody',
          {},
          ...result.prizes.map((prize) =>
            h(
              'tr',
              {},
              h('th', { text: t(`tier.${prize.tier}` as ClientMessageKey), attrs: { scope: 'row' } }),
              h('td', { text: prize.numbers.join(' · ') }),
            ),
          ),
        ),
      );
      const head = result.prizes[0];
      if (!compact || !head) return h('div', { attrs: { 'data-testid': 'lotto-result' } }, table);
      const count = result.prizes.reduce((sum, p) => sum + p.numbers.length, 0);
      return h(
        'div',
        { attrs: { 'data-testid': 'lotto-result' } },
        h(
          'div',
          { class: 'balls' },
          h('span', { class: 'muted', text: t(`tier.${head.tier}` as ClientMessageKey) }),
          ...head.numbers.map((n) => ball(n)),
        ),
        count > head.numbers.length ? h('details', {}, h('summary', { text: t('results.more', { count }) }), table) : null,
      );
    }
  }
}

/** Games grouped by kind, in the contract's kind order, each group in the brand's order. */
export function groupByKind(games: readonly LotteryGameView[]): { kind: LotteryGameView['kind']; games: LotteryGameView[] }[] {
  const order: LotteryGameView['kind'][] = ['VN', 'SEA', 'ELOTT', 'LOTT'];
  return order.map((kind) => ({ kind, games: games.filter((g) => g.kind === kind) })).filter((group) => group.games.length > 0);
}

// ---- quick picks ---------------------------------------------------------------------

export type QuickPick = 'random' | 'big' | 'small' | 'odd' | 'even';

const randomBelow = (n: number) => {
  const word = new Uint32Array(1);
  const limit = Math.floor(0x100000000 / n) * n;
  for (;;) {
    crypto.getRandomValues(word);
    if ((word[0] as number) < limit) return (word[0] as number) % n;
  }
};

function fits(quick: QuickPick, value: number, mid: number): boolean {
  switch (quick) {
    case 'random':
      return true;
    case 'big':
      return value >= mid;
    case 'small':
      return value < mid;
    case 'odd':
      return value % 2 === 1;
    case 'even':
      return value % 2 === 0;
  }
}

/**
 * The numbers a quick pick chooses for a bet type: a `digits` number in the upper or lower half, odd or even;
 * `set` picks (as many as already chosen, at least the minimum) from the big/small/odd/even part of the pool;
 * a `choice` picks BIG/SMALL/ODD/EVEN itself when offered, else a fitting sum.
 */
export function quickPick(selection: LotterySelection, quick: QuickPick, current: readonly string[]): string[] {
  switch (selection.select) {
    case 'digits': {
      const size = 10 ** selection.digits;
      for (;;) {
        const value = randomBelow(size);
        if (fits(quick, value, size / 2)) return [String(value).padStart(selection.digits, '0')];
      }
    }
    case 'choice': {
      const named = quick.toUpperCase();
      if (selection.choices.includes(named)) return [named];
      const fitting = selection.choices.filter((c) => /^\d+$/.test(c) && fits(quick, Number(c), 14));
      const pool = fitting.length > 0 ? fitting : selection.choices;
      return [pool[randomBelow(pool.length)] as string];
    }
    case 'set': {
      const want = Math.min(selection.max, Math.max(selection.min, current.length || Math.min(5, selection.max)));
      const pool = Array.from({ length: selection.pool }, (_, i) => i + 1).filter((n) => fits(quick, n, selection.pool / 2 + 1));
      const picked: number[] = [];
      while (picked.length < want && pool.length > 0) picked.push(pool.splice(randomBelow(pool.length), 1)[0] as number);
      return picked.sort((a, b) => a - b).map(String);
    }
  }
}

/** Whether numbers make a complete line for a selection (the server checks again). */
export function completeLine(selection: LotterySelection, numbers: readonly string[]): boolean {
  switch (selection.select) {
    case 'digits':
      return numbers.length === 1 && new RegExp(`^\\d{${selection.digits}}$`).test(numbers[0] ?? '');
    case 'choice':
      return numbers.length === 1 && selection.choices.includes(numbers[0] ?? '');
    case 'set':
      return numbers.length >= selection.min && numbers.length <= selection.max && new Set(numbers).size === numbers.length;
  }
}
