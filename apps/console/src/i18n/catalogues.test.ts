import fs from 'node:fs';
import path from 'node:path';
import {
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_STATUSES,
  BANNER_GROUPS,
  BANNER_LINKAGE_TYPES,
  MEMBER_SEARCH_BY,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  STAFF_STATUSES,
} from '@playfront/contract/console-paths';
import { WITHDRAWAL_STATUSES } from '@playfront/contract/funds-paths';
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from '../app/nav.ts';
import bn from './bn.json';
import en from './en.json';

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const enKeys = leaves(en as Tree);
const bnKeys = leaves(bn as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the console catalogues', () => {
  it('have the same keys in EN and BN, none empty, with the same placeholders', () => {
    expect([...bnKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
    for (const [key, text] of enKeys) {
      expect(text.trim(), key).not.toBe('');
      expect(bnKeys.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(bnKeys.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('hold every key the source asks for by name', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      const text = fs.readFileSync(file, 'utf8');
      // t('a.b'), t("a.b"), and message keys given to zod or to t() indirectly ('section.key' literals).
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w-]*\.[\w.-]+)'/g)) used.add(m[1] as string);
      for (const m of text.matchAll(/'((?:login|enrol|content|staff|adjustments|payments|member|members)\.[a-zA-Z][\w]*)'/g))
        used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(100);
    // Permission names ('members.read') look like keys but are not texts.
    const permissions = new Set<string>(STAFF_PERMISSIONS);
    // Neither are file names ('members.csv').
    const missing = [...used].filter((k) => !permissions.has(k) && !/\.(csv|txt)$/.test(k) && !enKeys.has(k));
    expect(missing).toEqual([]);
  });

  it('hold every key built from a list (roles, groups, statuses, navigation)', () => {
    const built = [
      ...STAFF_ROLES.map((r) => `roles.${r}`),
      ...STAFF_STATUSES.map((s) => `staff.status.${s}`),
      ...BANNER_GROUPS.map((g) => `content.groups.${g}`),
      ...BANNER_LINKAGE_TYPES.map((l) => `content.linkages.${l}`),
      ...MEMBER_SEARCH_BY.map((b) => `members.by.${b}`),
      ...ADJUSTMENT_DIRECTIONS.map((d) => `adjustments.${d}`),
      ...ADJUSTMENT_STATUSES.filter((s) => s !== 'PENDING').map((s) => `adjustments.${s}`),
      ...WITHDRAWAL_STATUSES.map((s) => `payments.status.${s}`),
      ...NAV_ITEMS.map((n) => n.label),
      ...['ledger', 'bets', 'deposits', 'withdrawals', 'sessions'].map((k) => `member.tabs.${k}`),
      ...['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr', 'newPlayers', 'activePlayers'].map((k) => `dashboard.${k}`),
      ...['EN', 'BN'].map((l) => `content.lang.${l}`),
    ];
    expect(built.filter((k) => !enKeys.has(k))).toEqual([]);
  });
});
