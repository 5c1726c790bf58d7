import { sql } from 'kysely';
import type { OutboxConsumer } from '../../infra/outbox/money-outbox.ts';
import { wageringContribution } from '../promotions/promotion-rules.ts';
import { endBonus } from './bonus.service.ts';

/**
 * Wagering from settled rounds (issue 11): each ROUND_SETTLED event of the money outbox adds its valid stake ×
 * the category's contribution to the member's active bonus, exactly once (in the transaction that moves the
 * consumer's position). A met requirement converts the bonus in the same transaction; a bonus spent to nothing
 * with no round of it still open ends as `spent`.
 */
export const wageringConsumer: OutboxConsumer = {
  name: 'bonus-wagering',
  async apply(trx, events) {
    const settled = events.filter((e) => e.kind === 'ROUND_SETTLED');
    if (settled.length === 0) return;
    const members = [...new Set(settled.map((e) => e.memberId))];
    const grants = await trx
      .selectFrom('bonus_grant')
      .select(['id', 'member_id', 'contribution', 'issued_at'])
      .where('member_id', 'in', members)
      .where('state', '=', 'active')
      .execute();
    for (const grant of grants) {
      let added = 0n;
      for (const e of settled) {
        // Rounds settled before the bonus existed do not count towards it.
        if (e.memberId !== grant.member_id || e.createdAt.getTime() < grant.issued_at.getTime()) continue;
        const validBet = BigInt(String(e.reference.validBet ?? '0'));
        added += wageringContribution(
          grant.contribution as unknown as Record<string, number>,
          String(e.reference.gameType ?? ''),
          validBet,
        );
      }
      const updated = await trx
        .updateTable('bonus_grant')
        .set({ wagered: sql`wagered + ${added}` })
        .where('id', '=', grant.id)
        .returning(['wagered', 'wagering_required'])
        .executeTakeFirstOrThrow();
      const at = settled[settled.length - 1]!.createdAt;
      if (updated.wagered >= updated.wagering_required) {
        await endBonus(trx, grant.id, 'converted', 'wagered', at);
        continue;
      }
      const spent = await sql<{ spent: boolean }>`
        select coalesce((select balance from ledger_account where kind = 'MEMBER_BONUS' and member_id = ${grant.member_id}), 0) = 0
          and not exists (select 1 from game_round where member_id = ${grant.member_id} and status = 'open' and bonus_bet_total > 0)
          as spent`.execute(trx);
      if (spent.rows[0]?.spent) await endBonus(trx, grant.id, 'forfeited', 'spent', at);
    }
  },
};
