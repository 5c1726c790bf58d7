/**
 * Identity checks (KYC), the brand's withdrawal rules, the deposit turnover rule and risk flags (issue 18, lane B;
 * decision 044). Zod-free: the web's and the console's pages import paths, vocabulary and limits without the schemas
 * (kyc.ts). The spec names none of these calls; the paths were chosen here.
 */
export const KYC_PATHS = {
  /** GET (token): my KYC status, what the brand's withdrawal rules ask and how much turnover is left to play. */
  status: '/wps/kyc',
  /**
   * POST multipart (token, no trial): `fullName` (as on the identity document) and the files `ID_FRONT`, `ID_BACK`,
   * `SELFIE`, `ADDRESS` (JPEG, PNG or PDF by content; the selfie JPEG or PNG; each ≤ KYC_MAX_FILE_BYTES). Allowed when
   * nothing was sent yet or the last submission was rejected.
   */
  submit: '/wps/kyc',
} as const;

/** The console's KYC review and risk calls (staff session; permissions kyc.review, risk.review, risk.rules). */
export const KYC_CONSOLE_PATHS = {
  /** GET ?status=PENDING|APPROVED|REJECTED&q&pageNo&pageSize → submissions (PENDING oldest first). */
  kycQueue: '/console/api/kyc',
  /** GET → one submission with its documents and the member's earlier submissions. */
  kycSubmission: '/console/api/kyc/:submissionId',
  /** GET → the file of a document (only through this route; never under the web root). */
  kycDocument: '/console/api/kyc/:submissionId/documents/:documentId',
  /** POST → approved: the name becomes the member's verified name. */
  kycApprove: '/console/api/kyc/:submissionId/approve',
  /** POST { reason } → rejected; the member may send documents again. */
  kycReject: '/console/api/kyc/:submissionId/reject',
  /** GET ?status=OPEN|REVIEWED&kind&memberId&pageNo&pageSize → risk flags, newest first. */
  riskFlags: '/console/api/risk/flags',
  /** POST { note } → the flag is marked reviewed. */
  riskFlagReview: '/console/api/risk/flags/:flagId/review',
  /** GET → the brand's withdrawal, turnover and risk rules; PUT RiskRules → changed. */
  riskRules: '/console/api/risk/rules',
  /** GET → the brand's known address ranges (label, latitude, longitude); PUT { list } → replaced. */
  riskLocations: '/console/api/risk/locations',
} as const;

export const KYC_STATUSES = ['NOT_STARTED', 'PENDING', 'APPROVED', 'REJECTED'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const KYC_DOCUMENT_KINDS = ['ID_FRONT', 'ID_BACK', 'SELFIE', 'ADDRESS'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];
/** What each document may be, by its bytes (the name and the declared type never count). */
export const KYC_DOCUMENT_MIMES: Record<KycDocumentKind, readonly string[]> = {
  ID_FRONT: ['image/jpeg', 'image/png', 'application/pdf'],
  ID_BACK: ['image/jpeg', 'image/png', 'application/pdf'],
  SELFIE: ['image/jpeg', 'image/png'],
  ADDRESS: ['image/jpeg', 'image/png', 'application/pdf'],
};
/** Per file: phone photos of documents are large; 8 MB keeps them readable. */
export const KYC_MAX_FILE_BYTES = 8 * 1024 * 1024;
export const KYC_NAME_MIN = 2;
export const KYC_NAME_MAX = 100;

export const RISK_FLAG_KINDS = [
  'SHARED_IP',
  'SHARED_DEVICE',
  'SHARED_PAYMENT_ACCOUNT',
  'LITTLE_PLAY_WITHDRAWAL',
  'BONUS_HUNTING',
  'LARGE_WIN',
  'FAR_APART_LOGINS',
] as const;
export type RiskFlagKind = (typeof RISK_FLAG_KINDS)[number];
export const RISK_FLAG_STATUSES = ['OPEN', 'REVIEWED'] as const;
export type RiskFlagStatus = (typeof RISK_FLAG_STATUSES)[number];

/** A brand without its own rules: no KYC rule, no turnover rule, and these flag thresholds. */
export const RISK_RULE_DEFAULTS = {
  kycWithdrawalAbove: null as string | null,
  kycFirstWithdrawal: false,
  /** Basis points of each deposit to be played before withdrawing (10000 = 1×); 0 = no rule. */
  turnoverBps: 0,
  /** A withdrawal after less play than this share of the last deposit raises LITTLE_PLAY_WITHDRAWAL (1000 = 10 %). */
  littlePlayBps: 1000,
  /** Days the files of a rejected KYC submission are kept (then deleted; the submission row stays). */
  kycRetentionDays: 90,
  /** A round won above this (minor units) raises LARGE_WIN (৳100,000.00). */
  largeWinAbove: '10000000',
  /** This many members signing in from one address within 30 days raises SHARED_IP. */
  sharedIpMembers: 3,
  /** Two sign-ins further apart than this speed allows raise FAR_APART_LOGINS (km/h). */
  travelKmh: 900,
};
/** The windows the flags look back over. */
export const RISK_SHARED_WINDOW_DAYS = 30;
export const RISK_BONUS_WINDOW_DAYS = 7;
