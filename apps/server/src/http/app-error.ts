import { ERRORS, type ErrorCode, type FieldProblem } from '@playfront/contract';

/**
 * A failure the client should see: a stable code from the contract's error
 * catalogue, optional field problems and an optional value (e.g. `{ captcha: true }`).
 * Anything thrown that is not an AppError is reported as UNKNOWN without detail.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: { fields?: Record<string, FieldProblem>; value?: unknown; status?: number } = {},
  ) {
    super(code);
    this.status = options.status ?? ERRORS[code].status;
  }
}
