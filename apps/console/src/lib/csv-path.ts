import { CONSOLE_PATHS } from '@playfront/contract/console-paths';

/**
 * The CSV twin of a list call, when the API offers one (`<key>Csv` in CONSOLE_PATHS, e.g. `auditCsv`): a table shows
 * its "Export CSV" button only then.
 */
export function csvPathOf(key: string): string | undefined {
  return (CONSOLE_PATHS as Record<string, string>)[`${key}Csv`];
}
