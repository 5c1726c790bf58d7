import { ApiError } from '../../../lib/api-client.ts';

/**
 * A field problem travels through react-hook-form as one string: `ns:key?param=value` (catalogue key plus
 * parameters), translated where it is shown so it follows a language change.
 */
export function encodeProblem(key: string, params: Record<string, unknown> = {}): string {
  const ns = key.includes(':') ? key : key.replace('.', ':');
  const entries = Object.entries(params);
  return entries.length ? `${ns}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : ns;
}

export function decodeProblem(message: string): { key: string; params: Record<string, string> } {
  const q = message.indexOf('?');
  return q < 0
    ? { key: message, params: {} }
    : { key: message.slice(0, q), params: Object.fromEntries(new URLSearchParams(message.slice(q + 1))) };
}

/** The field problems of an error answer (`fields`), encoded; empty for other failures. */
export function serverFieldProblems(err: unknown): [string, string][] {
  const fields = err instanceof ApiError ? err.body?.fields : undefined;
  return fields ? Object.entries(fields).map(([name, p]) => [name, encodeProblem(p.key, p.params ?? {})]) : [];
}

/** The `value` an error answer carried (e.g. the contracts CONTRACT_CONFIRM_REQUIRED lists). */
export function errorValue<T>(err: unknown): T | undefined {
  return err instanceof ApiError ? (err.body?.value as T | undefined) : undefined;
}
