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

describe('internal message texts (spec section 3)', () => {
  it('fills in the amount as money and the time in the page language', () => {
    const t = i18n.getFixedT('en', 'messages');
    const text = messageText(t, { type: 'DEPOSIT_ARRIVAL', amount: '150050', createdAt: at }, { language: 'en', symbol: '৳' });
    expect(text.title).toBe('Deposit arrived');
    expect(text.body).toMatch(/^Your deposit of ৳1,500\.50 arrived at 5 Mar 2026, \d{2}:30\.$/);
  });

  it('adds the operator’s reason to a rejected withdrawal, and says it in Bengali for a Bengali page', () => {
    const en = messageText(
      i18n.getFixedT('en', 'messages'),
      { type: 'WITHDRAW_REJECTED', amount: '50000', createdAt: at, params: { reason: 'Name does not match' } },
      { language: 'en', symbol: '৳' },
    );
    expect(en.body).toContain('Your withdrawal of ৳500.00 was rejected');
    expect(en.body.endsWith(' Reason: Name does not match')).toBe(true);
    const bnText = messageText(
      i18n.getFixedT('bn', 'messages'),
      { type: 'WITHDRAW_APPROVED', amount: '50000', createdAt: at },
      { language: 'bn', symbol: '৳' },
    );
    expect(bnText.title).toBe('উত্তোলন অনুমোদিত');
    expect(bnText.body).toContain('আপনার ৳500.00 উত্তোলন');
    expect(bnText.body).toContain('২০২৬');
  });

  it('has a title and text for every message type', () => {
    const t = i18n.getFixedT('en', 'messages');
    for (const type of ['DEPOSIT_ARRIVAL', 'WITHDRAW_APPROVED', 'WITHDRAW_REJECTED', 'DEPOSIT_FAILED'] as const) {
      const { title, body } = messageText(t, { type, amount: '100', createdAt: at }, { language: 'en', symbol: '৳' });
      expect(title).not.toContain('types.');
      expect(body).toContain('৳1.00');
    }
    expect(
      messageText(
        t,
        { type: 'SYSTEM', amount: null, createdAt: at, params: { text: 'Maintenance at midnight' } },
        { language: 'en', symbol: '৳' },
      ).body,
    ).toBe('Maintenance at midnight');
  });
});
