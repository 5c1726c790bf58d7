import { type Kysely, sql } from 'kysely';

/**
 * The password rule (issue 21 item 13, decision 017): 8 to 128 characters of any kind. Brands still on the
 * rule the demo seed used to write (letters and digits only, 6 to 20) move to it; a rule an operator chose
 * otherwise is left alone (the server's policy applies on top of any rule).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update registration_rule set pattern_id = 'ANY', min_length = 8, max_length = 128
    where field in ('password', 'confirmPassword') and pattern_id = 'ALNUM_BOTH' and min_length = 6 and max_length = 20`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update registration_rule set pattern_id = 'ALNUM_BOTH', min_length = 6, max_length = 20
    where field in ('password', 'confirmPassword') and pattern_id = 'ANY' and min_length = 8 and max_length = 128`.execute(db);
}
