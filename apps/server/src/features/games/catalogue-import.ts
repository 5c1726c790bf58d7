import {
  CATALOGUE_COLUMNS,
  type CatalogueImportReport,
  type CatalogueRejectedRow,
  type CatalogueRow,
  CatalogueRowSchema,
} from '@playfront/contract/games';
import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewGame } from './games.table.ts';

/**
 * The operator's catalogue import: every row validated on its own (zod),
 * reported with the file line it starts on, then upserted by vendor + gameCode
 * in one transaction. A blank cell or a missing field keeps the stored value
 * (a new game gets the default), so a file with a few columns updates just those.
 */

type SourceRow = { row: number; line: number; data: unknown };
type Parsed = { rows: SourceRow[]; problems: CatalogueRejectedRow[] };

const KNOWN = new Set<string>(CATALOGUE_COLUMNS);

/** 1-based line where each element of a top-level JSON array starts (the text is known to parse). */
function jsonElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let inElement = false;
  for (const ch of text) {
    if (ch === '\n') line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (depth === 1 && !inElement && !/[\s,\]]/.test(ch)) {
      inElement = true;
      lines.push(line);
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') depth++;
    else if (ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 1) inElement = false;
  }
  return lines;
}

function lineAt(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function parseJson(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const position = /position (\d+)/.exec(message)?.[1];
    return {
      rows: [],
      problems: [{ row: 0, line: position ? lineAt(text, Number(position)) : 1, reasons: [`not valid JSON: ${message}`] }],
    };
  }
  if (!Array.isArray(value)) return { rows: [], problems: [{ row: 0, line: 1, reasons: ['expected a JSON array of rows'] }] };
  const lines = jsonElementLines(text);
  return { rows: value.map((data, i) => ({ row: i + 1, line: lines[i] ?? 1, data })), problems: [] };
}

function parseCsvText(text: string): Parsed {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes as { record, info } (the typings only describe plain records).
    records = parseCsv(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (err) {
    const line =
      err instanceof CsvError && typeof (err as CsvError & { lines?: number }).lines === 'number'
        ? (err as CsvError & { lines: number }).lines
        : 1;
    return { rows: [], problems: [{ row: 0, line, reasons: [`not valid CSV: ${err instanceof Error ? err.message : String(err)}`] }] };
  }
  const [head, ...body] = records;
  if (!head) return { rows: [], problems: [{ row: 0, line: 1, reasons: ['the file is empty'] }] };
  const columns = head.record;
  const headerProblems = [
    ...columns.filter((c) => !KNOWN.has(c)).map((c) => `unknown column "${c}" (known: ${CATALOGUE_COLUMNS.join(', ')})`),
    ...columns.filter((c, i) => columns.indexOf(c) !== i).map((c) => `column "${c}" appears twice`),
  ];
  if (headerProblems.length > 0) return { rows: [], problems: [{ row: 0, line: head.info.lines, reasons: headerProblems }] };
  const rows = body.map(({ record, info }, i): SourceRow => {
    // info.lines is where the record ends; a quoted field may hold line breaks.
    const embedded = record.reduce((n, field) => n + (field.match(/\n/g)?.length ?? 0), 0);
    const line = info.lines - embedded;
    if (record.length !== columns.length) {
      return { row: i + 1, line, data: { __columns: `expected ${columns.length} fields, found ${record.length}` } };
    }
    return { row: i + 1, line, data: Object.fromEntries(columns.map((c, j) => [c, record[j]])) };
  });
  return { rows, problems: [] };
}

type Checked = { valid: { source: SourceRow; row: CatalogueRow }[]; rejected: CatalogueRejectedRow[] };

/** Validates every row on its own: shape (zod), unknown fields, repeats of vendor + gameCode, unknown vendors. */
async function check(db: Db, parsed: Parsed): Promise<Checked> {
  const vendors = new Set((await db.selectFrom('game_vendor').select('code').execute()).map((v) => v.code));
  const seen = new Map<string, number>();
  const valid: Checked['valid'] = [];
  const rejected: CatalogueRejectedRow[] = [...parsed.problems];
  for (const source of parsed.rows) {
    const reasons: string[] = [];
    const data = source.data;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      rejected.push({ row: source.row, line: source.line, reasons: ['expected an object with the row fields'] });
      continue;
    }
    if ('__columns' in data) {
      rejected.push({ row: source.row, line: source.line, reasons: [String(data.__columns)] });
      continue;
    }
    for (const key of Object.keys(data)) if (!KNOWN.has(key)) reasons.push(`unknown field "${key}"`);
    const result = CatalogueRowSchema.safeParse(data);
    if (!result.success) {
      for (const issue of result.error.issues) reasons.push(`${issue.path.join('.') || 'row'}: ${issue.message}`);
    } else {
      const key = `${result.data.vendor}\u0000${result.data.gameCode}`;
      const first = seen.get(key);
      if (first !== undefined)
        reasons.push(`vendor + gameCode ${result.data.vendor}/${result.data.gameCode} repeats the row on line ${first}`);
      else seen.set(key, source.line);
      if (!vendors.has(result.data.vendor)) reasons.push(`vendor: unknown vendor ${result.data.vendor}`);
    }
    if (reasons.length > 0 || !result.success) rejected.push({ row: source.row, line: source.line, reasons });
    else valid.push({ source, row: result.data });
  }
  rejected.sort((a, b) => a.line - b.line || a.row - b.row);
  return { valid, rejected };
}

type Stored = Omit<NewGame, 'node_id' | 'created_at' | 'updated_at'> & { min_bet: bigint };

const FIELDS = [
  'game_id',
  'game_type',
  'classify',
  'name_en',
  'name_bn',
  'min_bet',
  'lines',
  'is_hot',
  'is_new',
  'has_demo',
  'is_game',
  'sort',
  'image_path',
  'large_icon',
  'active',
] as const;

/** The stored game a row describes: the row's values over the existing game's (or the defaults). */
function merge(row: CatalogueRow, existing: Stored | undefined): Stored {
  const base: Stored = existing ?? {
    vendor_code: row.vendor,
    game_code: row.gameCode,
    game_id: row.gameCode,
    game_type: row.gameType,
    classify: null,
    name_en: row.nameEn,
    name_bn: row.nameBn ?? row.nameEn,
    min_bet: BigInt(row.minBet),
    lines: 0,
    is_hot: false,
    is_new: false,
    has_demo: false,
    is_game: true,
    sort: 0,
    image_path: null,
    large_icon: false,
    active: true,
  };
  const keep = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
  return {
    ...base,
    game_id: keep(row.gameId, base.game_id),
    game_type: row.gameType,
    classify: keep(row.classify, base.classify ?? null),
    name_en: row.nameEn,
    name_bn: keep(row.nameBn, base.name_bn),
    min_bet: BigInt(row.minBet),
    lines: keep(row.lines, base.lines as number),
    is_hot: keep(row.hot, base.is_hot as boolean),
    is_new: keep(row.new, base.is_new as boolean),
    has_demo: keep(row.hasDemo, base.has_demo as boolean),
    is_game: keep(row.isGame, base.is_game as boolean),
    sort: keep(row.sort, base.sort as number),
    image_path: keep(row.imagePath, base.image_path ?? null),
    large_icon: keep(row.largeIcon, base.large_icon as boolean),
    active: keep(row.active, base.active as boolean),
  };
}

const same = (a: Stored, b: Stored) =>
  FIELDS.every((f) => String(a[f] ?? '') === String(b[f] ?? '') && (a[f] === null) === (b[f] === null));

const CHUNK = 500;

export type ImportOptions = {
  format: 'json' | 'csv';
  content: string;
  dryRun: boolean;
  skipInvalid: boolean;
  now: Date;
  /** Runs inside the import's transaction once the rows are written (the console's audit row), so both commit or neither. */
  onApplied?: (trx: Db, counts: { created: number; updated: number; rejected: number }) => Promise<void>;
};

/** Validates and (unless a dry run, or rows were rejected without skipInvalid) applies an import in one transaction. */
export async function importCatalogue(db: Db, options: ImportOptions): Promise<CatalogueImportReport> {
  const parsed = options.format === 'json' ? parseJson(options.content) : parseCsvText(options.content);
  const { valid, rejected } = await check(db, parsed);

  const vendors = [...new Set(valid.map((v) => v.row.vendor))];
  const existing = new Map<string, Stored>();
  if (vendors.length > 0) {
    const rows = await db
      .selectFrom('game')
      .select(['vendor_code', 'game_code', ...FIELDS])
      .where('vendor_code', 'in', vendors)
      .execute();
    for (const r of rows) existing.set(`${r.vendor_code}\u0000${r.game_code}`, r as Stored);
  }
  const writes: Stored[] = [];
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  for (const { row } of valid) {
    const current = existing.get(`${row.vendor}\u0000${row.gameCode}`);
    const next = merge(row, current);
    if (!current) created++;
    else if (same(current, next)) {
      unchanged++;
      continue;
    } else updated++;
    writes.push(next);
  }

  const applied = !options.dryRun && (rejected.length === 0 || options.skipInvalid);
  if (applied && writes.length > 0) {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < writes.length; i += CHUNK) {
        await trx
          .insertInto('game')
          .values(writes.slice(i, i + CHUNK).map((w) => ({ ...w, created_at: options.now, updated_at: options.now })))
          .onConflict((oc) =>
            oc.columns(['vendor_code', 'game_code']).doUpdateSet((eb) => ({
              ...Object.fromEntries(FIELDS.map((f) => [f, eb.ref(`excluded.${f}`)])),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
      await options.onApplied?.(trx, { created, updated, rejected: rejected.length });
    });
    // A big import changes the row counts the planner relies on; refresh them now rather than at the next autovacuum (PGlite has none).
    if (writes.length >= 500) await sql`analyze game`.execute(db);
  }
  return {
    dryRun: options.dryRun,
    applied,
    total: parsed.rows.length,
    valid: valid.length,
    created,
    updated,
    unchanged,
    rejected,
  };
}
