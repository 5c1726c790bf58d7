import { type Kysely, sql } from 'kysely';

/**
 * The payment PIN's protections (issue 21 item 1, decision 016): withdrawals to an account the member was never
 * paid to are flagged for the operator, and the member is told by message when the PIN is set or changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawal_order add column new_payee boolean not null default false`.execute(db);
  await sql`alter table member_message drop constraint member_message_type_check`.execute(db);
  await sql`alter table member_message add constraint member_message_type_check check (type in
    ('DEPOSIT_ARRIVAL', 'WITHDRAW_APPROVED', 'WITHDRAW_REJECTED', 'DEPOSIT_FAILED', 'SYSTEM', 'PAYMENT_PASSWORD_CHANGED'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from member_message where type = 'PAYMENT_PASSWORD_CHANGED'`.execute(db);
  await sql`alter table member_message drop constraint member_message_type_check`.execute(db);
  await sql`alter table member_message add constraint member_message_type_check check (type in
    ('DEPOSIT_ARRIVAL', 'WITHDRAW_APPROVED', 'WITHDRAW_REJECTED', 'DEPOSIT_FAILED', 'SYSTEM'))`.execute(db);
  await sql`alter table withdrawal_order drop column new_payee`.execute(db);
}
