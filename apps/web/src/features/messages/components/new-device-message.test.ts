import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import bn from '../../../i18n/locales/bn/messages.json';
import en from '../../../i18n/locales/en/messages.json';
import { messageText } from './message-text.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { messages: en }, bn: { messages: bn } }, interpolation: { escapeValue: false } });
});
const at = '2026-03-05T09:30:00.000Z';
const message = {
  type: 'NEW_DEVICE_LOGIN' as const,
  amount: null,
  createdAt: at,
  params: { ip: '203.0.113.9', browser: 'firefox', os: 'android' },
};

describe('new-device security message (issue 15)', () => {
  it('says when, from which IP and device, and what to do if it was not them', () => {
    const text = messageText(i18n.getFixedT('en', 'messages'), message, { language: 'en', symbol: '৳' });
    expect(text.title).toBe('New device signed in');
    expect(text.body).toContain('from Firefox on Android (IP 203.0.113.9)');
    expect(text.body).toMatch(/5 Mar 2026/);
    expect(text.body).toContain('change your login password');
  });

  it('is written in Bengali on a Bengali page, and names an unknown device plainly', () => {
    const text = messageText(
      i18n.getFixedT('bn', 'messages'),
      { ...message, params: { ip: '203.0.113.9', browser: 'netscape', os: 'beos' } },
      { language: 'bn', symbol: '৳' },
    );
    expect(text.title).toBe('নতুন ডিভাইস থেকে সাইন ইন');
    expect(text.body).toContain('অজানা সিস্টেম-এ একটি ব্রাউজার');
    expect(text.body).toContain('203.0.113.9');
  });
});
