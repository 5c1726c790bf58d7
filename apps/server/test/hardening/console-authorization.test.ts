import { CONSOLE_PATHS, ROLE_PERMISSIONS, STAFF_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@playfront/contract/console';
import { BACKOFFICE_PATHS } from '@playfront/contract/console-backoffice-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeNow,
  consoleCall,
  passwordOnlySession,
  type SignedInStaff,
  signedInStaff,
} from '../../src/features/console/console.fixtures.ts';
import { consoleRouteTable } from '../../src/features/console/console.plugin.ts';
import type { StaffRouteEntry } from '../../src/features/staff/staff-guard.ts';
import { makeApp, makeClock, type TestApp } from '../accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test-db.ts';

/**
 * The console's authorization matrix: every /console/api route × every staff role, and three callers that must
 * be refused everywhere a session is needed: no session, a session whose second factor is missing, and a session
 * whose second factor was attempted with a replayed TOTP code. A refused call is refused before its body is read,
 * so the calls send no body and ids no record has; an allowed call gets past the guard (any answer but the three
 * staff refusals). The matrix is printed.
 */
type Column = StaffRole | 'none' | 'no2fa' | 'replay';
const COLUMNS: Column[] = [...STAFF_ROLES, 'none', 'no2fa', 'replay'];
const REFUSALS = ['STAFF_NOT_SIGNED_IN', 'STAFF_SECOND_FACTOR_REQUIRED', 'STAFF_PERMISSION_DENIED'];

let database: TestDatabase;
let t: TestApp;
const staff = {} as Record<StaffRole, SignedInStaff>;
let no2fa: string;
let replay: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date('2026-11-30T09:00:00Z')));
  for (const role of STAFF_ROLES) staff[role] = await signedInStaff(t, role);
  no2fa = await passwordOnlySession(t, staff.support.username);
  // The read-only member's enrolment used this step's code: offering it again is a replay, refused.
  replay = await passwordOnlySession(t, staff['read-only'].username);
  const replayed = await consoleCall(t, 'POST', CONSOLE_PATHS.secondFactor, replay, { code: codeNow(t, staff['read-only'].secret) });
  if (replayed.json().code !== 'STAFF_CODE_USED') throw new Error(`replay was not refused: ${replayed.body}`);
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

const fill = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => (name === 'orderNo' ? 'WNOSUCHORDER' : '999999999'));

function expected(route: StaffRouteEntry, column: Column): 'allow' | string {
  const access = route.staff;
  if (!access) return 'STAFF_PERMISSION_DENIED';
  if ('access' in access && access.access === 'public') return 'allow';
  if (column === 'none') return 'STAFF_NOT_SIGNED_IN';
  if ('access' in access) return 'allow';
  if (column === 'no2fa' || column === 'replay') return 'STAFF_SECOND_FACTOR_REQUIRED';
  return ROLE_PERMISSIONS[column].includes(access.permission) ? 'allow' : 'STAFF_PERMISSION_DENIED';
}

function tokenOf(column: Column): string | undefined {
  if (column === 'none') return undefined;
  if (column === 'no2fa') return no2fa;
  if (column === 'replay') return replay;
  return staff[column].token;
}

describe(`console authorization matrix (${testDbKind})`, () => {
  it('every console route declares what it needs, and the table covers every path of the contract', () => {
    const routes = consoleRouteTable(t.app);
    expect(routes.filter((r) => !r.staff)).toEqual([]);
    const paths = new Set(routes.map((r) => r.url));
    for (const path of Object.values(CONSOLE_PATHS)) expect(paths, path).toContain(path);
    for (const path of Object.values(BACKOFFICE_PATHS)) expect(paths, path).toContain(path);
    // Only sign-in is open without a session.
    const open = routes.filter((r) => r.staff && 'access' in r.staff && r.staff.access === 'public').map((r) => r.url);
    expect(open.sort()).toEqual(
      [CONSOLE_PATHS.enrolConfirm, CONSOLE_PATHS.enrolInfo, CONSOLE_PATHS.enrolStart, CONSOLE_PATHS.login].sort(),
    );
  });

  it('every route × role × missing session × missing second factor × replayed TOTP', async () => {
    // Logout ends the session it is called with: it goes last.
    const routes = [...consoleRouteTable(t.app)].sort(
      (a, b) => Number(a.url === CONSOLE_PATHS.logout) - Number(b.url === CONSOLE_PATHS.logout),
    );
    const rows: { route: string; cells: Record<Column, string> }[] = [];
    const wrong: string[] = [];
    for (const route of routes) {
      const cells = {} as Record<Column, string>;
      for (const column of COLUMNS) {
        const res = await consoleCall(t, route.method as 'GET', fill(route.url), tokenOf(column));
        const code = res.statusCode < 300 ? 'OK' : ((res.json() as { code?: string }).code ?? String(res.statusCode));
        const want = expected(route, column);
        const passed = want === 'allow' ? !REFUSALS.includes(code) : code === want;
        if (!passed) wrong.push(`${route.method} ${route.url} as ${column}: ${code} (want ${want})`);
        cells[column] =
          want === 'allow'
            ? 'allow'
            : code === 'STAFF_NOT_SIGNED_IN'
              ? '401'
              : code === 'STAFF_SECOND_FACTOR_REQUIRED'
                ? '2fa'
                : code === 'STAFF_PERMISSION_DENIED'
                  ? '403'
                  : code;
      }
      rows.push({ route: `${route.method} ${route.url}`, cells });
    }
    const width = Math.max(...rows.map((r) => r.route.length));
    console.log(
      [
        `console authorization matrix (${testDbKind}): allow = got past the guard; 401 no session; 2fa second factor missing; 403 role lacks the permission`,
        `${'route'.padEnd(width)} ${COLUMNS.map((c) => c.padStart(10)).join('')}`,
        ...rows.map((r) => `${r.route.padEnd(width)} ${COLUMNS.map((c) => r.cells[c].padStart(10)).join('')}`),
      ].join('\n'),
    );
    expect(wrong).toEqual([]);
    // Every role is refused somewhere but the owner, who may do everything (an admin all but operator keys).
    for (const role of STAFF_ROLES) {
      const refused = rows.some((r) => r.cells[role] === '403');
      expect(refused, role).toBe(ROLE_PERMISSIONS[role].length < STAFF_PERMISSIONS.length);
    }
    expect(ROLE_PERMISSIONS.owner).toEqual(STAFF_PERMISSIONS);
    expect(ROLE_PERMISSIONS.admin).not.toContain('keys.manage');
    // Routes × 10 callers, one call at a time: the table grows with every console page.
  }, 180_000);
});
