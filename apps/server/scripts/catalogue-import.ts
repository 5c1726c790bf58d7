/**
 * `npm run catalogue:import -- <file.json|file.csv> [--dry-run] [--skip-invalid]`
 *
 * Sends a catalogue file to the operator API (POST /ops/catalogue/import): the
 * server validates every row, then upserts by vendor + gameCode in one
 * transaction. Rejected rows are printed with their line number; nothing is
 * applied while any row is rejected, unless --skip-invalid. Importing the same
 * file again reports every row unchanged.
 *
 * JSON: an array of row objects. CSV: a header line, then one game a line.
 * Columns: vendor, gameCode, gameType, nameEn and minBet (minor units) are
 * required; gameId, classify, nameBn, lines, hot, new, hasDemo, sort,
 * imagePath, largeIcon, active, isGame are optional (blank keeps the stored value).
 *
 * Server: PLAYFRONT_URL (default http://127.0.0.1:3000). Brand-independent.
 * Key: OPERATOR_API_KEY, else the key file the server wrote, `<DATA_DIR>/operator-key`.
 * Exit code: 0 applied (or a clean dry run), 1 rows rejected or the call failed, 2 usage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ErrorEnvelopeSchema, OPERATOR_KEY_HEADER } from '@playfront/contract';
import { CATALOGUE_OPS_PATHS, type CatalogueImportReport, CatalogueImportReportSchema } from '@playfront/contract/games';

class UsageError extends Error {}

const USAGE = 'usage: npm run catalogue:import -- <file.json|file.csv> [--dry-run] [--skip-invalid]';

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

function printReport(report: CatalogueImportReport) {
  const verb = report.applied ? 'applied' : report.dryRun ? 'dry run, nothing changed' : 'NOT applied';
  console.log(`${report.total} rows, ${report.valid} valid (${verb})`);
  console.log(`  created   ${report.created}`);
  console.log(`  updated   ${report.updated}`);
  console.log(`  unchanged ${report.unchanged}`);
  if (report.rejected.length > 0) {
    console.log(`  rejected  ${report.rejected.length}`);
    for (const r of report.rejected) {
      const where = r.row === 0 ? `line ${r.line} (file)` : `line ${r.line} (row ${r.row})`;
      for (const reason of r.reasons) console.log(`    ${where}: ${reason}`);
    }
  }
}

async function run(args: string[]): Promise<number> {
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const files = args.filter((a) => !a.startsWith('--'));
  for (const flag of flags) if (flag !== '--dry-run' && flag !== '--skip-invalid') throw new UsageError(`unknown option ${flag}`);
  if (files.length !== 1) throw new UsageError('give exactly one file');
  const file = files[0] as string;
  const ext = path.extname(file).toLowerCase();
  if (ext !== '.json' && ext !== '.csv') throw new UsageError(`${file}: expected a .json or .csv file`);
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${file}: ${err instanceof Error ? err.message : String(err)}`);
  }

  const base = (process.env.PLAYFRONT_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
  let res: Response;
  try {
    res = await fetch(`${base}${CATALOGUE_OPS_PATHS.import}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_KEY_HEADER]: operatorKey() },
      body: JSON.stringify({
        format: ext === '.json' ? 'json' : 'csv',
        content,
        dryRun: flags.has('--dry-run'),
        skipInvalid: flags.has('--skip-invalid'),
      }),
    });
  } catch (err) {
    throw new UsageError(
      `cannot reach ${base}: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`,
    );
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const report = CatalogueImportReportSchema.parse((json as { value: unknown }).value);
    printReport(report);
    return report.rejected.length > 0 ? 1 : 0;
  }
  const failure = ErrorEnvelopeSchema.safeParse(json);
  if (failure.success && failure.data.code === 'CATALOGUE_IMPORT_INVALID') {
    printReport(CatalogueImportReportSchema.parse(failure.data.value));
    console.log('nothing was imported: fix the rows above, or run again with --skip-invalid');
    return 1;
  }
  console.error(`import failed: ${failure.success ? failure.data.code : `HTTP ${res.status}`}`);
  return 1;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(err);
    process.exit(1);
  },
);
