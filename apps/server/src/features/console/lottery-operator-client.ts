import { createHash } from 'node:crypto';
import {
  LOTTERY_OPERATOR_SIGNATURE_HEADER,
  LOTTERY_OPERATOR_TIMESTAMP_HEADER,
  type LotteryOperatorErrorCode,
} from '@playfront/contract/lottery-operator';
import { deriveLotteryOperatorSecret, signLotteryOperatorCall } from '@playfront/contract/provider-signing';
import { listeningOrigin } from '@playfront/lottery';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';

const REFUSALS: Partial<Record<LotteryOperatorErrorCode, ConstructorParameters<typeof AppError>[0]>> = {
  UNKNOWN_GAME: 'LOTTERY_GAME_NOT_FOUND',
  UNKNOWN_DRAW: 'LOTTERY_DRAW_NOT_FOUND',
  DRAW_NOT_VOIDABLE: 'LOTTERY_DRAW_NOT_VOIDABLE',
  BAD_REQUEST: 'VALIDATION',
  ODDS_INVALID: 'LOTTERY_ODDS_INVALID',
};

/** A body (PUT) is sent as JSON and signed through its SHA-256 in the path's `sha` query (decision 054). */
export type LotteryOperatorCall = <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => Promise<T>;

/**
 * Calls the lottery's operator API over real HTTP (decision 050), signed with the operator secret derived from the
 * house master secret: the lottery is a provider of its own (mounted at /lotto here, or LOTTERY_URL when it runs
 * apart), so the console reaches it the way any operator tool would, never through its tables.
 * No answer, or a refused signature, is LOTTERY_UNAVAILABLE; the lottery's refusals map to catalogue codes.
 */
export function lotteryOperatorClient(app: FastifyInstance, timeoutMs = 15_000): LotteryOperatorCall {
  return async <T>(method: 'GET' | 'POST' | 'PUT', bare: string, payload?: unknown): Promise<T> => {
    const json = payload === undefined ? undefined : JSON.stringify(payload);
    const path =
      json === undefined ? bare : `${bare}${bare.includes('?') ? '&' : '?'}sha=${createHash('sha256').update(json).digest('hex')}`;
    const master = app.deps.config.play.houseSecret;
    let origin: string;
    try {
      origin = app.deps.config.play.lotteryUrl?.replace(/\/+$/, '') ?? listeningOrigin(app);
    } catch {
      throw new AppError('LOTTERY_UNAVAILABLE');
    }
    if (!master) throw new AppError('LOTTERY_UNAVAILABLE');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = signLotteryOperatorCall(deriveLotteryOperatorSecret(master), timestamp, method, path);
    let response: Response;
    try {
      response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          [LOTTERY_OPERATOR_TIMESTAMP_HEADER]: timestamp,
          [LOTTERY_OPERATOR_SIGNATURE_HEADER]: signature,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: json }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new AppError('LOTTERY_UNAVAILABLE');
    }
    const body = (await response.json().catch(() => null)) as ({ ok: boolean; code?: LotteryOperatorErrorCode } & T) | null;
    if (body?.ok === true) return body;
    const code = body?.code ? REFUSALS[body.code] : undefined;
    throw new AppError(code ?? 'LOTTERY_UNAVAILABLE');
  };
}
