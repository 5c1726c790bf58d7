/** The envelope of every console answer. */
export const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** int8 columns come back as bigint (PGlite) or string (pg): always a decimal string out. */
export const str = (v: bigint | string | number) => String(v);

export const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** CSV text: a header row, then one row per record; fields quoted and formula-safe (staff/audit.ts csvField). */
export function csvOf(header: string[], rows: unknown[][], field: (v: unknown) => string): string {
  return `${[header.join(','), ...rows.map((r) => r.map(field).join(','))].join('\r\n')}\r\n`;
}

type CsvReply = { type: (t: string) => CsvReply; header: (k: string, v: string) => CsvReply; send: (body: string) => unknown };
/** Sends a CSV download named `<name>-<day>.csv`, never cached. */
export function sendCsv(reply: CsvReply, name: string, day: string, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}
