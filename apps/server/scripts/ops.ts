/**
 * `npm run ops -- <command>`: the operator API from a terminal.
 *
 *   ops brand                          show maintenance, flags and region rules
 *   ops flag <CODE> on|off             switch a whitelabel or feature flag
 *   ops maintenance on|off             switch maintenance mode
 *   ops region list                    list region rules
 *   ops region add <cidr> "<label>"    restrict a network
 *   ops region remove <id>             lift a region rule
 *   ops withdrawals list [STATUS]      withdrawals (default PENDING; APPROVED, REJECTED, ALL)
 *   ops withdrawals approve <orderNo>  pay out a held withdrawal
 *   ops withdrawals reject <orderNo> "<reason>"  release it back to the member
 *   ops initial-password <username>    a one-time initial password for an account (shown once)
 *   ops staff create <username> --role <role>   a console staff member (the first owner): prints a one-time
 *                                      enrolment link (/console/enrol?token=…, 24 h) that sets password and TOTP
 *
 * Server: PLAYFRONT_URL (default http://127.0.0.1:3000). Brand: PLAYFRONT_MERCHANT
 * (default: the server's default brand). Key: OPERATOR_API_KEY, else the key
 * file the server wrote, `<DATA_DIR>/operator-key` (DATA_DIR default ./data).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  BrandFlagCodeSchema,
  ErrorEnvelopeSchema,
  OPERATOR_KEY_HEADER,
  OPS_PATHS,
  type OpsBrand,
  OpsBrandResponseSchema,
  OpsInitialPasswordResponseSchema,
  OpsRegionRuleResponseSchema,
  OpsRegionRulesResponseSchema,
  type RegionRule,
} from '@playfront/contract';
import { OPS_STAFF_PATH, STAFF_ROLES, StaffEnrolmentLinkResponseSchema } from '@playfront/contract/console';
import { OPS_FUNDS_PATHS, OpsWithdrawalResponseSchema, OpsWithdrawalsResponseSchema, WITHDRAWAL_STATUSES } from '@playfront/contract/funds';
import type { z } from 'zod';

class UsageError extends Error {}

const USAGE = `usage: npm run ops -- <command>
  brand
  flag <CODE> on|off
  maintenance on|off
  region list
  region add <cidr> "<label>"
  region remove <id>
  withdrawals list [PENDING|APPROVED|REJECTED|ALL]
  withdrawals approve <orderNo>
  withdrawals reject <orderNo> "<reason>"
  initial-password <username>
  staff create <username> --role owner|admin|finance|risk|support|content|read-only`;

function operatorKey(): string {
  const fromEnv = process.env.OPERATOR_API_KEY?.trim();
  if (fromEnv) return fromEnv;
  const file = path.resolve(process.env.DATA_DIR || './data', 'operator-key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new UsageError(`no operator key: set OPERATOR_API_KEY, or start the server once so it writes ${file}`);
  }
}

async function call<S extends z.ZodType>(method: string, pathname: string, schema: S, body?: unknown): Promise<z.infer<S>> {
  const base = (process.env.PLAYFRONT_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
  const headers: Record<string, string> = { [OPERATOR_KEY_HEADER]: operatorKey() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (process.env.PLAYFRONT_MERCHANT) headers.merchant = process.env.PLAYFRONT_MERCHANT;
  let res: Response;
  try {
    res = await fetch(`${base}${pathname}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  } catch (err) {
    throw new UsageError(
      `cannot reach ${base}: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`,
    );
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const failure = ErrorEnvelopeSchema.safeParse(json);
    const detail = failure.success
      ? `${failure.data.code}${failure.data.fields ? ` (${Object.keys(failure.data.fields).join(', ')})` : ''}`
      : `HTTP ${res.status}`;
    throw new UsageError(`${method} ${pathname} failed: ${detail}`);
  }
  return schema.parse(json);
}

const onOff = (word: string | undefined): boolean => {
  if (word === 'on' || word === 'true') return true;
  if (word === 'off' || word === 'false') return false;
  throw new UsageError(`expected on or off, got ${word ?? 'nothing'}`);
};

function printRules(rules: RegionRule[]) {
  if (rules.length === 0) console.log('  (no region rules)');
  for (const r of rules) console.log(`  #${r.id}  ${r.cidr.padEnd(20)}  ${r.label}`);
}

function printBrand(brand: OpsBrand) {
  const list = (flags: Record<string, boolean>) =>
    Object.entries(flags)
      .map(([code, on]) => `  ${on ? 'on ' : 'off'}  ${code}`)
      .join('\n');
  console.log(`${brand.name} (${brand.merchantCode})  maintenance: ${brand.maintenance ? 'ON' : 'off'}`);
  console.log(`whitelabel flags:\n${list(brand.whitelabel.flags)}`);
  console.log(`features:\n${list(brand.whitelabel.features)}`);
  console.log('region rules:');
  printRules(brand.regionRules);
}

async function run(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  switch (command) {
    case 'brand': {
      printBrand((await call('GET', OPS_PATHS.brand, OpsBrandResponseSchema)).value);
      return;
    }
    case 'flag': {
      const code = BrandFlagCodeSchema.safeParse(rest[0]?.toUpperCase());
      if (!code.success) throw new UsageError(`unknown flag ${rest[0] ?? ''}; one of: ${BrandFlagCodeSchema.options.join(', ')}`);
      const enabled = onOff(rest[1]);
      const { value } = await call('PUT', OPS_PATHS.flag.replace(':code', code.data), OpsBrandResponseSchema, { enabled });
      const state: Record<string, boolean> = { ...value.whitelabel.flags, ...value.whitelabel.features };
      console.log(`${code.data} is now ${state[code.data] ? 'on' : 'off'}`);
      return;
    }
    case 'initial-password': {
      const username = rest[0]?.trim();
      if (!username) throw new UsageError('usage: ops initial-password <username>');
      const { value } = await call(
        'POST',
        OPS_PATHS.initialPassword.replace(':username', encodeURIComponent(username)),
        OpsInitialPasswordResponseSchema,
      );
      console.log(`one-time initial password for ${value.username}: ${value.password}`);
      console.log(`good for one login until ${value.expiresAt}; that login must choose a new password. It is not shown again.`);
      return;
    }
    case 'maintenance': {
      const maintenance = onOff(rest[0]);
      const { value } = await call('PUT', OPS_PATHS.maintenance, OpsBrandResponseSchema, { maintenance });
      console.log(`maintenance is now ${value.maintenance ? 'ON' : 'off'} for ${value.merchantCode}`);
      return;
    }
    case 'region': {
      const [sub, ...more] = rest;
      if (sub === 'list') {
        printRules((await call('GET', OPS_PATHS.regionRules, OpsRegionRulesResponseSchema)).value);
        return;
      }
      if (sub === 'add') {
        const [cidr, ...labelWords] = more;
        const label = labelWords.join(' ').trim();
        if (!cidr || !label) throw new UsageError('usage: ops region add <cidr> "<label>"');
        const { value } = await call('POST', OPS_PATHS.regionRules, OpsRegionRuleResponseSchema, { cidr, label });
        console.log(`added region rule #${value.id}: ${value.cidr} (${value.label})`);
        return;
      }
      if (sub === 'remove') {
        const id = Number(more[0]);
        if (!Number.isInteger(id) || id <= 0) throw new UsageError('usage: ops region remove <id>');
        const { value } = await call('DELETE', OPS_PATHS.regionRule.replace(':id', String(id)), OpsRegionRuleResponseSchema);
        console.log(`removed region rule #${value.id}: ${value.cidr} (${value.label})`);
        return;
      }
      throw new UsageError(USAGE);
    }
    case 'withdrawals': {
      const [sub, ...more] = rest;
      const money = (minor: string) => `${(BigInt(minor) / 100n).toString()}.${(BigInt(minor) % 100n).toString().padStart(2, '0')}`;
      if (sub === 'list') {
        const wanted = (more[0] ?? 'PENDING').toUpperCase();
        if (wanted !== 'ALL' && !(WITHDRAWAL_STATUSES as readonly string[]).includes(wanted)) throw new UsageError(USAGE);
        const query = new URLSearchParams({ pageSize: '100', ...(wanted === 'ALL' ? {} : { status: wanted }) });
        const { value } = await call('GET', `${OPS_FUNDS_PATHS.withdrawals}?${query}`, OpsWithdrawalsResponseSchema);
        if (value.list.length === 0) console.log('  (no withdrawals)');
        for (const w of value.list) {
          console.log(
            `  ${w.orderNo}  ${w.status.padEnd(8)}  ${w.currency} ${money(w.amount).padStart(12)}  ${w.username}  ${w.method} ${w.accountNumber} (${w.accountName})${w.rejectReason ? `  reason: ${w.rejectReason}` : ''}`,
          );
        }
        console.log(`${value.list.length} of ${value.total}`);
        return;
      }
      if (sub === 'approve' || sub === 'reject') {
        const [orderNo, ...reasonWords] = more;
        const reason = reasonWords.join(' ').trim();
        if (!orderNo || (sub === 'reject' && !reason)) throw new UsageError(USAGE);
        const path = (sub === 'approve' ? OPS_FUNDS_PATHS.approve : OPS_FUNDS_PATHS.reject).replace(':orderNo', orderNo);
        const { value } = await call('POST', path, OpsWithdrawalResponseSchema, sub === 'reject' ? { reason } : undefined);
        console.log(`${value.orderNo} is now ${value.status} (${value.currency} ${money(value.amount)} for ${value.username})`);
        return;
      }
      throw new UsageError(USAGE);
    }
    case 'staff': {
      const [sub, username, flag, role] = rest;
      if (sub !== 'create' || !username || flag !== '--role' || !role || !(STAFF_ROLES as readonly string[]).includes(role)) {
        throw new UsageError(`usage: ops staff create <username> --role ${STAFF_ROLES.join('|')}`);
      }
      const { value } = await call('POST', OPS_STAFF_PATH, StaffEnrolmentLinkResponseSchema, { username, role });
      const base = (process.env.PLAYFRONT_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
      console.log(`staff member ${value.staff.username} (${value.staff.role}) created.`);
      console.log(`one-time enrolment link (sets the password and the authenticator; until ${value.expiresAt}):`);
      console.log(`  ${base}${value.enrolmentLink}`);
      console.log('It is not shown again. Send it to that person only.');
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}

run(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof UsageError ? err.message : err);
  process.exit(err instanceof UsageError ? 2 : 1);
});
