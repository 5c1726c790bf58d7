import type { Db } from '../../db/database.ts';
import type { KycSubmissionRow } from './kyc.table.ts';

/** The member's newest submission (its status is the member's KYC status), or none. */
export function latestSubmissionOf(db: Db, memberId: number): Promise<KycSubmissionRow | undefined> {
  return db.selectFrom('kyc_submission').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The member's approved submission (the verified name), or none. */
export function approvedKycOf(db: Db, memberId: number): Promise<KycSubmissionRow | undefined> {
  return db.selectFrom('kyc_submission').selectAll().where('member_id', '=', memberId).where('status', '=', 'APPROVED').executeTakeFirst();
}
