import type { KycDocumentKind, KycStatus } from '@playfront/contract/kyc-paths';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** One sending of a member's documents; the newest one's status is the member's KYC status. */
export type KycSubmissionTable = {
  id: Generated<bigint>;
  brand_id: number;
  member_id: number;
  full_name: string;
  status: Exclude<KycStatus, 'NOT_STARTED'>;
  reject_reason: string | null;
  submitted_at: Date;
  decided_at: Date | null;
  decided_by: number | null;
};
export type KycSubmissionRow = Selectable<KycSubmissionTable>;

/** A file of a submission: stored on disk under `storage_name` (random, not guessable), outside the web root. */
export type KycDocumentTable = {
  id: Generated<bigint>;
  submission_id: bigint;
  kind: KycDocumentKind;
  storage_name: string;
  mime: 'image/png' | 'image/jpeg' | 'application/pdf';
  size: number;
  /** When the retention job deleted the file (decision 051); the row stays as the record that it existed. */
  purged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};
