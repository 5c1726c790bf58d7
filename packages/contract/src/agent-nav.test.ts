import { describe, expect, it } from 'vitest';
import { AGENT_NAV, agentPageOf, visibleNav } from './agent-nav.ts';

const ALL_ON = { CONTRACT_DIVIDEND: true, CONTRACT_SALARY: true, CONTRACT_HOUR_SALARY: true, CONTRACT_REALTIME_SALARY: true };

describe('agent centre nav', () => {
  it('lists the spec pages in order, with the contract pages only when their brand flag is on', () => {
    expect(visibleNav(ALL_ON).map((e) => e.page)).toEqual(AGENT_NAV.map((e) => e.page));
    const salaryOnly = visibleNav({ CONTRACT_SALARY: true }).map((e) => e.page);
    expect(salaryOnly).toContain('agentDailyWages2');
    expect(salaryOnly).not.toContain('agentDividendRecordCopy2');
    expect(salaryOnly).not.toContain('agentHourSalary');
    expect(salaryOnly).not.toContain('agentRealtimeSalary');
    expect(visibleNav(undefined).some((e) => 'feature' in e)).toBe(false);
  });

  it('opens the page of ?page= (any case), the overview for anything else', () => {
    expect(agentPageOf('downlineManagmentView', ALL_ON).entry.key).toBe('teamManagement');
    expect(agentPageOf('registercenter', ALL_ON).entry.key).toBe('registerCenter');
    expect(agentPageOf(null, ALL_ON).entry.key).toBe('overview');
    expect(agentPageOf('nonsense', ALL_ON).entry.key).toBe('overview');
  });

  it('refuses a contract page opened by URL when the brand does not run it, and waits while the brand is unknown', () => {
    expect(agentPageOf('agentDividendRecordCopy2', { CONTRACT_SALARY: true })).toMatchObject({ refused: true, pending: false });
    expect(agentPageOf('agentDailyWages2', { CONTRACT_SALARY: true })).toMatchObject({ refused: false, pending: false });
    expect(agentPageOf('agentDailyWages2', undefined)).toMatchObject({ refused: false, pending: true });
    expect(agentPageOf('agentTeamOverview', undefined)).toMatchObject({ refused: false, pending: false });
  });
});
