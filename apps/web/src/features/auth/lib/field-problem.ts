import type { FieldProblem } from '@playfront/contract/registration-patterns';

/**
 * react-hook-form keeps one string per field error. A problem is a catalogue
 * key plus parameters (`patterns.ALNUM_BOTH` with min/max), so it travels
 * encoded as `ns:key?min=6&max=20` and is translated where it is shown: the
 * message then follows a language change.
 */
export function encodeProblem(problem: FieldProblem): string {
  const key = toI18nKey(problem.key);
  const params = Object.entries(problem.params ?? {});
  if (params.length === 0) return key;
  return `${key}?${new URLSearchParams(params.map(([k, v]) => [k, String(v)])).toString()}`;
}

export function decodeProblem(message: string): { key: string; params: Record<string, string> } {
  const q = message.indexOf('?');
  if (q < 0) return { key: message, params: {} };
  return { key: message.slice(0, q), params: Object.fromEntries(new URLSearchParams(message.slice(q + 1))) };
}

/** Server and contract keys are `ns.key` (`patterns.required`); i18next wants `ns:key`. Keys already namespaced stay. */
export function toI18nKey(key: string): string {
  return key.includes(':') ? key : key.replace('.', ':');
}
