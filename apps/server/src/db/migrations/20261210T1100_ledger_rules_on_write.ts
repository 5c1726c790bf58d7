import { type Kysely, sql } from 'kysely';

/**
 * The ledger's fixed rules checked where they can change, not on every balance move (issue 20, decision 079).
 *
 * PostgreSQL re-reads and re-prepares a table's CHECK constraints for every statement that inserts or updates it,
 * whichever columns the statement sets. Measured per provider bet (300 in one transaction, PostgreSQL alone):
 * about 100 µs for ledger_account's five identity rules, which every balance move re-checked, and 20–40 µs for
 * ledger_transfer's list of 28 kinds, of a bet's 600 µs.
 *
 * - An account's identity rules (its kind, its owner, its vendor code, its currency) hold from its insert, and its
 *   identity never changes afterwards (ledger_account_identity_fixed refuses it). They become one trigger on
 *   INSERT, built from the constraints' own expressions, raising the same error (check_violation, the constraint's
 *   name). The guard against identity changes fires only for an UPDATE that names an identity column, so a
 *   balance move runs neither; `ledger_account_not_negative` stays a CHECK: it is the rule a balance move must meet.
 * - A transfer's kind is the domain `ledger_transfer_kind`, whose check PostgreSQL keeps prepared per connection.
 *   Its constraint keeps the name `ledger_transfer_kind_check`; a migration that adds a kind alters the domain.
 */
const IDENTITY_RULES = [
  'ledger_account_kind_check',
  'ledger_account_owner',
  'ledger_account_vendor',
  'ledger_account_currency_check',
  'ledger_account_vendor_code_check',
] as const;

const IDENTITY_COLUMNS = 'id, kind, member_id, vendor_code, currency, allow_negative';
const GUARD_WHEN = `(new.id <> old.id or new.kind <> old.kind or new.member_id is distinct from old.member_id
  or new.vendor_code is distinct from old.vendor_code or new.currency <> old.currency
  or new.allow_negative <> old.allow_negative)`;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function accountRules(db: Kysely<unknown>): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; expr: string }>`
    select conname as name, pg_get_expr(conbin, conrelid) as expr from pg_constraint
    where conrelid = 'ledger_account'::regclass and contype = 'c'`.execute(db);
  return new Map(rows.map((r) => [r.name, r.expr]));
}

async function transferKinds(db: Kysely<unknown>, where: 'table' | 'domain'): Promise<string[]> {
  const { rows } =
    where === 'table'
      ? await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint
          where conname = 'ledger_transfer_kind_check' and conrelid = 'ledger_transfer'::regclass`.execute(db)
      : await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint
          where conname = 'ledger_transfer_kind_check' and contypid = 'ledger_transfer_kind'::regtype`.execute(db);
  const kinds = [...(rows[0]?.def ?? '').matchAll(/'([A-Z0-9_]+)'/g)].map((m) => m[1] as string);
  if (kinds.length === 0) throw new Error(`ledger_transfer_kind_check not found on the ${where}`);
  return kinds;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const rules = await accountRules(db);
  const found = IDENTITY_RULES.map((name) => [name, rules.get(name)] as const);
  const missing = found.filter(([, expr]) => !expr).map(([name]) => name);
  if (missing.length > 0) throw new Error(`ledger_account rules not found: ${missing.join(', ')}`);
  // The rules' expressions read the new row's columns by name, as they did in the constraints.
  const checks = found.map(([name, expr]) => `(${quote(name)}, ${expr})`).join(',\n        ');
  await sql
    .raw(`create function ledger_account_rules() returns trigger language plpgsql as $$
    declare
      v_broken text;
    begin
      select c.name into v_broken from (select new.*) as ledger_account,
        lateral (values
        ${checks}) as c(name, ok)
      where not c.ok
      limit 1;
      if v_broken is not null then
        raise exception 'new row for relation "ledger_account" violates check constraint "%"', v_broken
          using errcode = 'check_violation', constraint = v_broken, table = 'ledger_account';
      end if;
      return new;
    end $$`)
    .execute(db);
  // What down puts back, kept with the function that replaced it.
  await sql.raw(`comment on function ledger_account_rules() is ${quote(JSON.stringify(Object.fromEntries(found)))}`).execute(db);
  for (const name of IDENTITY_RULES) await sql.raw(`alter table ledger_account drop constraint ${name}`).execute(db);
  await sql
    .raw('create trigger ledger_account_rules before insert on ledger_account for each row execute function ledger_account_rules()')
    .execute(db);
  await sql.raw('drop trigger ledger_account_identity_fixed on ledger_account').execute(db);
  await sql
    .raw(`create trigger ledger_account_identity_fixed before update of ${IDENTITY_COLUMNS} on ledger_account for each row
      when ${GUARD_WHEN} execute function ledger_account_guard()`)
    .execute(db);

  const kinds = await transferKinds(db, 'table');
  await sql
    .raw(`create domain ledger_transfer_kind as text
      constraint ledger_transfer_kind_check check (value in (${kinds.map(quote).join(', ')}))`)
    .execute(db);
  await sql.raw('alter table ledger_transfer drop constraint ledger_transfer_kind_check').execute(db);
  await sql.raw('alter table ledger_transfer alter column kind type ledger_transfer_kind').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const kinds = await transferKinds(db, 'domain');
  await sql.raw('alter table ledger_transfer alter column kind type text').execute(db);
  await sql.raw('drop domain ledger_transfer_kind').execute(db);
  await sql
    .raw(`alter table ledger_transfer add constraint ledger_transfer_kind_check check (kind in (${kinds.map(quote).join(', ')}))`)
    .execute(db);

  const { rows } = await sql<{ saved: string }>`select obj_description('ledger_account_rules()'::regprocedure, 'pg_proc') as saved`.execute(
    db,
  );
  const saved = JSON.parse(rows[0]?.saved ?? '{}') as Record<string, string>;
  await sql.raw('drop trigger ledger_account_identity_fixed on ledger_account').execute(db);
  await sql
    .raw(
      `create trigger ledger_account_identity_fixed before update on ledger_account for each row when ${GUARD_WHEN} execute function ledger_account_guard()`,
    )
    .execute(db);
  await sql.raw('drop trigger ledger_account_rules on ledger_account').execute(db);
  await sql.raw('drop function ledger_account_rules()').execute(db);
  for (const name of IDENTITY_RULES) await sql.raw(`alter table ledger_account add constraint ${name} check (${saved[name]})`).execute(db);
}
