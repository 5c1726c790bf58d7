import type { Page } from 'playwright-core';

/** "৳1,500.00" → 150000n: the figure a member reads, in minor units (no float). */
export function minorOf(text: string | null): bigint {
  const match = /(-)?[^\d-]*([\d,]+)\.(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`not an amount: ${text}`);
  const minor = BigInt(`${(match[2] ?? '').replace(/,/g, '')}${match[3]}`);
  return match[1] ? -minor : minor;
}

/** The member centre as a member uses it: its menu, the header balance, the live notices (English labels). */
export class MemberCentre {
  constructor(readonly page: Page) {}

  /** Opens a page from the member-centre menu (client-side navigation, no reload). */
  async open(name: string) {
    await this.page.getByRole('navigation', { name: 'Member centre menu' }).getByRole('link', { name, exact: false }).click();
    await this.page.getByRole('heading', { level: 2, name }).first().waitFor();
  }

  headerBalance() {
    return this.page.getByRole('banner').locator('.balance-amount');
  }

  async headerBalanceMinor(): Promise<bigint> {
    return minorOf(await this.headerBalance().textContent());
  }

  toasts() {
    return this.page.getByTestId('live-toast');
  }

  messagesBadge() {
    return this.page.getByTestId('messages-badge');
  }

  /** The member's withdrawal with this order number in the withdrawals list. */
  withdrawal(orderNo: string) {
    return this.page.locator(`[data-testid="withdrawal"][data-order="${orderNo}"]`);
  }
}
