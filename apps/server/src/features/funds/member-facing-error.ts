import { AppError } from '../../http/app-error.ts';

/**
 * The ledger's INSUFFICIENT_FUNDS carries the internal account id; members must
 * never see ledger ids, so member-facing calls re-throw it with the balance only.
 */
export function forMember(err: unknown): never {
  if (err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS') {
    const value = err.options.value as { balance?: string } | undefined;
    throw new AppError('INSUFFICIENT_FUNDS', { value: { balance: value?.balance ?? '0' } });
  }
  throw err;
}
