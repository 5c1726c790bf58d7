import { SUPPORT_CHAT_OPS_PATHS } from '@playfront/contract/support-chat-paths';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, operator } from '../support/browser.ts';
import { closeNoticesWhenShown, signUpNewMember } from '../support/pages/account.ts';

type DeskList = { value: { list: { id: string; username: string | null; status: string }[] } };

describe('live support chat (issue 15)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a member opens the chat from the right bar and writes; staff claim and answer from the desk; the member sees it live and rates the chat', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: '10.98.0.51' });
    await closeNoticesWhenShown(page);
    await page.goto('/');
    const username = await signUpNewMember(page, 'cs', 'support1234');

    await page.getByTestId('right-bar-chat').click();
    const chat = page.getByTestId('supportChatModal');
    await chat.getByRole('heading', { name: 'Customer service' }).waitFor();
    await chat.getByText('Ask us anything').waitFor();
    const box = chat.getByRole('textbox', { name: 'Your message' });
    await box.fill('My bKash deposit has not arrived yet.');
    await box.press('Enter');
    const log = chat.getByRole('log', { name: 'Chat messages' });
    await log.getByText('My bKash deposit has not arrived yet.').waitFor();
    await chat.getByText('Your message is waiting for the next free agent.').waitFor();

    // The staff side: the desk API, as the console will call it.
    const queue = (await operator('GET', `${SUPPORT_CHAT_OPS_PATHS.conversations}?status=WAITING&pageSize=100`)) as DeskList;
    const mine = queue.value.list.find((c) => c.username === username);
    expect(mine?.status).toBe('WAITING');
    const at = (path: string) => path.replace(':conversationId', mine!.id);
    await operator('POST', at(SUPPORT_CHAT_OPS_PATHS.claim), { staffName: 'Asha' });
    await chat.getByText('You are chatting with Asha').waitFor();
    await log.getByText('Asha joined the chat.').waitFor();
    await operator('POST', at(SUPPORT_CHAT_OPS_PATHS.typing), { staffName: 'Asha' });
    await chat.getByText('Asha is typing…').waitFor();
    await operator('POST', at(SUPPORT_CHAT_OPS_PATHS.messages), {
      staffName: 'Asha',
      text: 'It is credited now: please check your balance.',
    });
    // Live over the member's socket: no reload, well before the panel's fallback poll (20 s).
    await log.getByText('It is credited now: please check your balance.').waitFor({ timeout: 8000 });
    await operator('POST', at(SUPPORT_CHAT_OPS_PATHS.read), { seq: 1 });
    await log.locator('.chat-mine .chat-read').first().waitFor({ timeout: 8000 });

    await chat.getByRole('button', { name: 'End chat' }).click();
    await chat.getByText('You ended the chat.').waitFor();
    await chat.getByRole('group', { name: 'How was your chat?' }).waitFor();
    await chat.getByRole('radio', { name: '5 stars' }).check();
    await chat.getByRole('textbox', { name: 'Comment (optional)' }).fill('Quick and clear');
    await chat.getByRole('button', { name: 'Send rating' }).click();
    await chat.getByText('Thank you for your rating.').waitFor();

    const rated = (await operator('GET', SUPPORT_CHAT_OPS_PATHS.ratings)) as {
      value: { list: { id: string; rating: number; ratingComment: string }[] };
    };
    expect(rated.value.list.find((c) => c.id === mine!.id)).toMatchObject({ rating: 5, ratingComment: 'Quick and clear' });
    await context.close();
  }, 120_000);
});
