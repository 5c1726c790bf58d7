import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import bn from '../../../i18n/locales/bn/messages.json';
import en from '../../../i18n/locales/en/messages.json';
import { messageText } from './message-text.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { messages: en }, bn: { messages: bn } }, interpolation: { escapeValue: false } });
});
const rejected = {
  type: 'KYC_REJECTED' as const,
  amount: null,
  createdAt: '2026-03-05T09:30:00.000Z',
  params: { reason: 'The selfie is blurred' },
};

describe('identity check decision messages (issue 18, decision 051)', () => {
  it('a rejection says so with the staff’s reason and what to do next', () => {
    const text = messageText(i18n.getFixedT('en', 'messages'), rejected, { language: 'en', symbol: '৳' });
    expect(text.title).toBe('Identity documents not accepted');
    expect(text.body).toMatch(/5 Mar 2026/);
    expect(text.body).toContain('send new ones');
    expect(text.body).toMatch(/Reason: The selfie is blurred$/);
  });

  it('is written in Bengali on a Bengali page, approval and rejection alike', () => {
    const t = i18n.getFixedT('bn', 'messages');
    const no = messageText(t, rejected, { language: 'bn', symbol: '৳' });
    expect(no.title).toBe('পরিচয়ের কাগজপত্র গৃহীত হয়নি');
    expect(no.body).toContain('কারণ: The selfie is blurred');
    const yes = messageText(t, { ...rejected, type: 'KYC_APPROVED', params: {} }, { language: 'bn', symbol: '৳' });
    expect(yes.title).toBe('পরিচয় যাচাই সম্পন্ন');
    expect(yes.body).not.toContain('কারণ');
  });
});
