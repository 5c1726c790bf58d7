import {
  type ConsoleLotteryOddsBody,
  type LotteryBrandGames,
  type LotteryGameToggle,
  type LotteryOddsChange,
  type LotteryOperatorDraw,
  type LotteryOperatorDrawDetail,
  type LotteryOperatorGame,
  type LotteryOperatorVoidAnswer,
  oversightPath,
  CONSOLE_OVERSIGHT_PATHS as P,
} from '@playfront/contract/console-oversight';
import { api } from '../../lib/api.ts';

export const lotteryGames = () => api<LotteryOperatorGame[]>(P.lotteryGames);

export const toggleGame = (code: string, active: boolean, reason: string) =>
  api<LotteryGameToggle>(oversightPath(active ? 'lotteryGameEnable' : 'lotteryGameDisable', { code }), {
    method: 'POST',
    body: { reason },
  });

export const lotteryDraws = (q: { game: string; status?: string; before?: string; limit: number }) =>
  api<LotteryOperatorDraw[]>(P.lotteryDraws, { query: q });

export const lotteryDraw = (drawId: string) => api<LotteryOperatorDrawDetail>(oversightPath('lotteryDraw', { drawId }));

export const voidDraw = (drawId: string, reason: string) =>
  api<LotteryOperatorVoidAnswer>(oversightPath('lotteryDrawVoid', { drawId }), { method: 'POST', body: { reason } });

/** A draw's result as one line: the prize numbers by tier, the pick-3 digits, or keno's 20 numbers. */
export function resultText(result: unknown): string {
  if (!result || typeof result !== 'object') return '—';
  const r = result as { prizes?: { tier: string; numbers: string[] }[]; digits?: number[]; numbers?: number[] };
  if (r.digits) return r.digits.join(' ');
  if (r.numbers) return r.numbers.join(' ');
  if (r.prizes) return r.prizes.map((p) => `${p.tier}: ${p.numbers.join(', ')}`).join(' · ');
  return JSON.stringify(result);
}

export const brandOdds = () => api<LotteryBrandGames>(P.lotteryBrandGames);

export const saveOdds = (code: string, body: ConsoleLotteryOddsBody) =>
  api<LotteryOddsChange>(oversightPath('lotteryBrandGame', { code }), { method: 'PUT', body });
