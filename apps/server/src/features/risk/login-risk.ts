import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { RISK_SHARED_WINDOW_DAYS } from '@playfront/contract/kyc-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { raiseFlag } from './risk-flags.ts';
import { rulesOf } from './risk-rules.ts';

export type LoginFacts = { memberId: number; ip: string | null; userAgent: string | null; at: Date };

/** Members whose risk flags a shared address or device raises at most (a carrier's NAT address can hold thousands). */
const SHARED_FLAG_CAP = 50;
/** Two sign-ins further apart in time than this are not compared for travel. */
const TRAVEL_WINDOW_HOURS = 24;
/** Places closer than this are the same place (address ranges are coarse). */
const TRAVEL_MIN_KM = 100;

const short = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 24);

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

type Place = { label: string; latitude: number; longitude: number };
async function placeOf(db: Db, brandId: number, ip: string | null): Promise<Place | null> {
  if (!ip || !isIP(ip)) return null;
  const { rows } = await sql<Place>`
    select label, latitude, longitude from risk_ip_location
    where brand_id = ${brandId} and ${ip}::inet <<= cidr order by masklen(cidr) desc limit 1`.execute(db);
  return rows[0] ?? null;
}

/**
 * The sign-in flags, raised at the event (after the login_event row is written; decision 044), each once:
 * - SHARED_IP: the brand's rule's number of members signed in from this address within 30 days (each of them);
 * - SHARED_DEVICE: another member signed in from this address with the very same browser string (each of them);
 * - FAR_APART_LOGINS: the previous sign-in, within 24 hours, was from a place further than the brand's travel speed
 *   allows. Places come from the operator's address ranges (risk_ip_location): the site ships no geo database.
 */
export async function checkLoginRisk(db: Db, login: LoginFacts): Promise<void> {
  const { memberId, ip, userAgent, at } = login;
  if (!ip) return;
  const member = await db.selectFrom('member').select('brand_id').where('id', '=', memberId).executeTakeFirst();
  if (!member) return;
  const brandId = member.brand_id;
  const rules = await rulesOf(db, brandId);
  const since = new Date(at.getTime() - RISK_SHARED_WINDOW_DAYS * 86_400_000);
  const sharers = await sql<{ member_id: number; username: string; same_device: boolean }>`
    select e.member_id, m.username, bool_or(e.user_agent is not distinct from ${userAgent}) as same_device
    from login_event e join member m on m.id = e.member_id
    where e.ip = ${ip} and e.created_at >= ${since} and e.result = 'SUCCESS' and m.brand_id = ${brandId}
    group by e.member_id, m.username
    order by e.member_id
    limit ${SHARED_FLAG_CAP + 1}`.execute(db);
  const members = sharers.rows;
  if (members.length >= rules.sharedIpMembers) {
    const usernames = members.map((m) => m.username).slice(0, SHARED_FLAG_CAP);
    for (const m of members.slice(0, SHARED_FLAG_CAP))
      await raiseFlag(db, {
        brandId,
        memberId: m.member_id,
        kind: 'SHARED_IP',
        dedupeKey: `shared-ip:${m.member_id}:${ip}`,
        details: { ip, members: usernames },
        at,
      });
  }
  const sameDevice = members.filter((m) => m.same_device);
  if (userAgent && sameDevice.length >= 2 && sameDevice.some((m) => m.member_id === memberId)) {
    const device = short(`${ip}\n${userAgent}`);
    const usernames = sameDevice.map((m) => m.username).slice(0, SHARED_FLAG_CAP);
    for (const m of sameDevice.slice(0, SHARED_FLAG_CAP))
      await raiseFlag(db, {
        brandId,
        memberId: m.member_id,
        kind: 'SHARED_DEVICE',
        dedupeKey: `shared-device:${m.member_id}:${device}`,
        details: { ip, userAgent: userAgent.slice(0, 300), members: usernames },
        at,
      });
  }
  const lastTwo = await db
    .selectFrom('login_event')
    .select(['id', 'ip', 'created_at'])
    .where('member_id', '=', memberId)
    .where('result', '=', 'SUCCESS')
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  const [now, before] = lastTwo;
  if (!now || !before || now.ip === before.ip) return;
  const hours = (now.created_at.getTime() - before.created_at.getTime()) / 3_600_000;
  if (hours > TRAVEL_WINDOW_HOURS) return;
  const [from, to] = [await placeOf(db, brandId, before.ip), await placeOf(db, brandId, now.ip)];
  if (!from || !to) return;
  const km = distanceKm(from, to);
  if (km < TRAVEL_MIN_KM || km / Math.max(hours, 1 / 60) <= rules.travelKmh) return;
  await raiseFlag(db, {
    brandId,
    memberId,
    kind: 'FAR_APART_LOGINS',
    dedupeKey: `far-logins:${memberId}:${before.id}:${now.id}`,
    details: { from: from.label, to: to.label, fromIp: before.ip, toIp: now.ip, km: Math.round(km), minutes: Math.round(hours * 60) },
    at,
  });
}
