import { z } from 'zod';
import { envelope } from './envelope.ts';

/** The wallet calls of spec section 7 ("Wallet and funds"). Import as `@playfront/contract/wallet`. */
export { WALLET_PATHS } from './wallet-paths.ts';

/**
 * An amount of money in integer minor units (e.g. poisha for BDT), as a decimal
 * string: JSON numbers lose precision past 2^53 and money never passes through a float.
 */
export const MinorUnitsSchema = z.string().regex(/^-?\d+$/);

export const WalletBalanceSchema = z.object({
  balance: MinorUnitsSchema,
  /** ISO 4217 code of the brand's currency, e.g. BDT. */
  currency: z.string(),
  currencySymbol: z.string(),
});
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;
export const WalletBalanceResponseSchema = envelope(WalletBalanceSchema);
