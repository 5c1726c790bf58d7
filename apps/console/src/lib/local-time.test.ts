import { zodResolver } from '@hookform/resolvers/zod';
import { NoticeInputSchema } from '@playfront/contract/console-content';
import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput, withLocalTimes } from './local-time.ts';

const notice = {
  type: 'B',
  title: { EN: 'Cup final', BN: 'কাপ ফাইনাল' },
  content: { EN: 'Tonight.', BN: 'আজ রাতে।' },
  sort: 0,
  active: true,
};
const resolve = (values: Record<string, unknown>) =>
  withLocalTimes(zodResolver(NoticeInputSchema), ['startsAt', 'endsAt'])(values as never, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('schedule fields of the content forms', () => {
  it('a typed time goes to the API as the same instant, and comes back as the same text', () => {
    const typed = '2026-12-24T20:30';
    const iso = fromLocalInput(typed);
    expect(iso).toBe(new Date(2026, 11, 24, 20, 30).toISOString());
    expect(toLocalInput(iso)).toBe(typed);
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('empty ends are open (null); both set in order pass', async () => {
    const open = await resolve({ ...notice, startsAt: '', endsAt: '' });
    expect(open.errors).toEqual({});
    expect(open.values).toMatchObject({ startsAt: null, endsAt: null });
    const set = await resolve({ ...notice, startsAt: '2026-12-24T20:00', endsAt: '2026-12-24T23:00' });
    expect(set.values).toMatchObject({ startsAt: fromLocalInput('2026-12-24T20:00'), endsAt: fromLocalInput('2026-12-24T23:00') });
  });

  it('an end before (or at) the start is an error on the end, with its own message', async () => {
    for (const endsAt of ['2026-12-24T19:00', '2026-12-24T20:00']) {
      const result = await resolve({ ...notice, startsAt: '2026-12-24T20:00', endsAt });
      expect(result.errors.endsAt?.message).toBe('content.endBeforeStart');
    }
  });
});
