import type { LotterySchedule } from '@playfront/contract/lottery';

/** One scheduled draw: its number (unique per game) and times (epoch ms). */
export interface ScheduledDraw {
  drawNumber: string;
  drawsAt: number;
  closesAt: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const ymd = (t: number) => new Date(t).toISOString().slice(0, 10).replaceAll('-', '');

function atOfDay(atUtc: string): number {
  const [h, m] = atUtc.split(':').map(Number);
  return ((h ?? 0) * 60 + (m ?? 0)) * MINUTE;
}

/** The draw times of a schedule strictly after `after`, `count` of them, in order. */
export function nextDrawTimes(schedule: LotterySchedule, after: number, count: number): { drawNumber: string; drawsAt: number }[] {
  const out: { drawNumber: string; drawsAt: number }[] = [];
  if (schedule.every === 'minutes') {
    const step = schedule.minutes * MINUTE;
    let t = Math.floor(after / step) * step + step;
    while (out.length < count) {
      const ofDay = Math.floor((t % DAY) / step);
      out.push({ drawNumber: `${ymd(t)}-${String(ofDay).padStart(4, '0')}`, drawsAt: t });
      t += step;
    }
    return out;
  }
  const offset = atOfDay(schedule.atUtc);
  let day = Math.floor(after / DAY) * DAY;
  for (let guard = 0; out.length < count && guard < 400; guard++, day += DAY) {
    const t = day + offset;
    if (t <= after) continue;
    if (schedule.every === 'month-days' && !schedule.days.includes(new Date(t).getUTCDate())) continue;
    out.push({ drawNumber: ymd(t), drawsAt: t });
  }
  return out;
}

/** How many draws are kept created ahead (and their seed hashes published): a few for fast games, two for daily ones. */
export function drawsAhead(schedule: LotterySchedule): number {
  return schedule.every === 'minutes' ? 3 : 2;
}

export function scheduledDraws(schedule: LotterySchedule, closeBeforeSeconds: number, after: number): ScheduledDraw[] {
  return nextDrawTimes(schedule, after, drawsAhead(schedule)).map((d) => ({ ...d, closesAt: d.drawsAt - closeBeforeSeconds * 1000 }));
}
