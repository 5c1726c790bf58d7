import { describe, expect, it } from 'vitest';
import { isAgentRoute, landsOnHome, needsLogin, showsSideMenu } from './route-table.ts';

describe('route rules', () => {
  it('requires a login for the member centre, account game lists and lottery screens', () => {
    for (const path of ['/member', '/favorite', '/recent', '/lottery', '/seaLottery', '/vnLottery', '/member/']) {
      expect(needsLogin(path)).toBe(true);
    }
    for (const path of ['/', '/home', '/live', '/rng', '/promotions', '/agent', '/help']) {
      expect(needsLogin(path)).toBe(false);
    }
  });

  it("lets a guest open a game's free demo on the seamless page, but no real-money game", () => {
    expect(needsLogin('/seamless', '?vassalage=PG&nodeId=100001&demo=1')).toBe(false);
    expect(needsLogin('/seamless', '?vassalage=PG&nodeId=100001')).toBe(true);
    expect(needsLogin('/seamless', '?vassalage=PG&nodeId=100001&demo=0')).toBe(true);
    expect(needsLogin('/member', '?demo=1')).toBe(true);
  });

  it('hides the side menu on the seamless and lottery game pages only', () => {
    for (const path of ['/seamless', '/lottert', '/vnLottery', '/seaLottery']) expect(showsSideMenu(path)).toBe(false);
    for (const path of ['/', '/lottery', '/member', '/rng']) expect(showsSideMenu(path)).toBe(true);
  });

  it('uses the agent layout on /agent and /agentHome', () => {
    expect(isAgentRoute('/agent')).toBe(true);
    expect(isAgentRoute('/agentHome')).toBe(true);
    expect(isAgentRoute('/member')).toBe(false);
  });

  it('lands on the home lobby at home, /login, /register, and a member page opened without a session', () => {
    for (const path of ['/', '/home', '/login', '/register', '/Login']) expect(landsOnHome(path, '', false)).toBe(true);
    expect(landsOnHome('/member', '?page=depositv2', false)).toBe(true);
    expect(landsOnHome('/member', '?page=depositv2', true)).toBe(false);
    for (const path of ['/rng', '/promotions', '/agent', '/help']) expect(landsOnHome(path, '', false)).toBe(false);
  });
});
