/**
 * Funds calls of the member centre (spec section 7, "Wallet and funds"; section 2
 * pages depositv2, withdraw, transferFund, messageV2), zod-free so the web's
 * first bundle can import paths and vocabulary cheaply (funds.ts and
 * messages.ts re-export this and add the schemas).
 *
 * Paths the spec gives are kept as given; the others were chosen here, under `/wps/`.
 */
export const FUNDS_PATHS = {
  /** GET (token): main wallet + per-vendor wallets + pending withdrawals (session key `consolidated`). */
  consolidated: '/wps/member/info/funds/consolidated',
  /** GET: whether the brand uses a single (seamless) wallet or transfer wallets (session key `merchantWallet`, reads `isSingle`). */
  merchantWallet: '/wps/member/info/merchantWallet',
  /** GET (token): the brand's active deposit channels with their limits. */
  depositChannels: '/wps/funds/deposit/channels',
  /** POST (token, no trial): create a deposit order → order number and the gateway page URL. */
  depositOrders: '/wps/funds/deposit/orders',
  /** GET (token): one of the member's own deposit orders (`:orderNo`), e.g. after the gateway sent the payer back. */
  depositOrder: '/wps/funds/deposit/orders/:orderNo',
  /** POST: the sandbox gateway's signed webhook (server to server, no token). */
  sandboxWebhook: '/wps/payments/webhook/sandbox',
  /** GET (token): whether the member has a payment password, and the withdrawal limits and methods. */
  withdrawInfo: '/wps/funds/withdraw/info',
  /**
   * POST E-sealed (token, no trial): set the payment password (first time: with the login password; later: with the
   * old one and an SMS code from `paymentPasswordCode`). Wrong proofs count towards a lock shared with every PIN check.
   */
  paymentPassword: '/wps/member/paymentPassword',
  /** POST (token, no trial): send an SMS code to the member's own mobile, needed to change the payment password. */
  paymentPasswordCode: '/wps/member/paymentPassword/code',
  /** POST E-sealed (token, no trial): request a withdrawal; the amount is held at once. GET ?pageNo&pageSize: the member's withdrawals. */
  withdrawals: '/wps/funds/withdrawals',
  /** POST multipart (token): outcome RECEIVED | PARTLY_RECEIVED | NOT_RECEIVED, optional note, up to 3 png/jpg `proof` files of ≤ 5 MB (NOT_RECEIVED needs one). */
  withdrawalConfirm: '/wps/funds/withdrawals/:orderNo/confirm',
  /** GET (token): one proof image of the member's own withdrawal. */
  withdrawalProof: '/wps/funds/withdrawals/:orderNo/proofs/:proofId',
  /** POST (token, no trial): move money between the main wallet and a transfer-mode vendor's wallet (transferFund). */
  walletTransfer: '/wps/relay/GCS_walletTransfer',
  /** POST E-sealed (token, no trial): send money to one's own direct upline (transferUpline). */
  transferUpline: '/wps/funds/transfer/upline',
  /** POST E-sealed (agent token): send money to a member of the agent's own downline tree. */
  transferDownline: '/wps/funds/transfer/downline',
} as const;

/** Records of the member centre (transactionHistory / account record, personalProfit). */
export const RECORDS_PATHS = {
  /** GET (token) ?from&to|preset&type&pageNo&pageSize: entries of the member's own wallets, newest first. */
  transactions: '/wps/records/transactions',
  /** GET (token) ?from&to|preset: per day deposits, withdrawals, bets, wins, bonuses and net. */
  personalProfit: '/wps/records/personalProfit',
} as const;

/** Spec section 9 date presets: previous and next 7 and 30 days (today included), in the brand's day. */
export const DATE_PRESETS = ['last7', 'last30', 'next7', 'next30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
/** Longest window a records call accepts, in days. */
export const MAX_RECORD_DAYS = 92;

/** Operator routes (header x-operator-key). */
export const OPS_FUNDS_PATHS = {
  /** GET ?status=PENDING|APPROVED|REJECTED&pageNo&pageSize */
  withdrawals: '/ops/withdrawals',
  /** POST: pay out the held amount. */
  approve: '/ops/withdrawals/:orderNo/approve',
  /** POST { reason }: release the held amount back to the member's wallet. */
  reject: '/ops/withdrawals/:orderNo/reject',
  /** GET: a proof image the member uploaded. */
  proof: '/ops/withdrawals/:orderNo/proofs/:proofId',
} as const;

export const WITHDRAWAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** Where the money goes: a mobile wallet or a bank account. */
export const WITHDRAWAL_METHODS = ['BKASH', 'NAGAD', 'ROCKET', 'BANK'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];

/** Messages per page of the member's list (the web's pages, and the first page the member centre asks early). */
export const MESSAGES_PAGE_SIZE = 10;

export const MESSAGES_PATHS = {
  /** GET (token) ?pageNo&pageSize: the member's internal messages, newest first. */
  list: '/wps/messages',
  /** GET (token): unread count for the messageV2 badge. */
  unreadCount: '/wps/messages/unread-count',
  /** POST (token) { ids }: mark these of the member's messages read. */
  markRead: '/wps/messages/read',
  /** POST (token): mark all the member's messages read. */
  markAllRead: '/wps/messages/read-all',
} as const;

/** Where the payment gateway sends the payer back (the member centre's deposit page). */
export const depositReturnPath = (orderNo: string) => `/member?page=depositv2&order=${encodeURIComponent(orderNo)}`;

export const DEPOSIT_ORDER_STATUSES = ['PENDING', 'PAID', 'FAILED', 'EXPIRED'] as const;
export type DepositOrderStatus = (typeof DEPOSIT_ORDER_STATUSES)[number];

/** Internal message types (spec section 3). The web renders `messages.<type>` with `{amount}` and `{time}`. */
export const MESSAGE_TYPES = [
  'DEPOSIT_ARRIVAL',
  'WITHDRAW_APPROVED',
  'WITHDRAW_REJECTED',
  'DEPOSIT_FAILED',
  'SYSTEM',
  /** The payment password was set or changed: the member hears of it, in case it was not them. */
  'PAYMENT_PASSWORD_CHANGED',
  /** Points mall (issue 13): a redemption was submitted (in process), approved, or rejected (points returned). */
  'POINTS_REDEEM_SUBMITTED',
  'POINTS_REDEEM_APPROVED',
  'POINTS_REDEEM_REJECTED',
  /** Promotions (issue 11): a bonus was issued; it converted to cash; it expires within a day; it ended (forfeited or expired); an application was rejected. */
  'BONUS_ISSUED',
  'BONUS_CONVERTED',
  'BONUS_EXPIRING',
  'BONUS_ENDED',
  'PROMOTION_REJECTED',
  /** Security centre (issue 15): a login from a device the member never used before (params: ip, browser, os). */
  'NEW_DEVICE_LOGIN',
  /** Identity check (issue 18): staff approved or rejected the member's documents (params: reason when rejected). */
  'KYC_APPROVED',
  'KYC_REJECTED',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const WITHDRAWAL_OUTCOMES = ['RECEIVED', 'PARTLY_RECEIVED', 'NOT_RECEIVED'] as const;
export type WithdrawalOutcome = (typeof WITHDRAWAL_OUTCOMES)[number];
/** Spec section 9: proof images. */
export const PROOF_LIMITS = { maxFiles: 3, maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg'] } as const;
