import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const load = (lng: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n/locales', lng, 'agent.json'), 'utf8')) as Record<string, unknown>;
const flatten = (obj: Record<string, unknown>, prefix = ''): [string, string][] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );

describe('agent catalogue', () => {
  it('is real Bengali in BN: every entry with words carries Bengali script', () => {
    for (const [key, text] of flatten(load('bn'))) {
      const words = text.replace(/{{\s*\w+\s*}}/g, '').replace(/[\s\p{P}\p{S}\d]/gu, '');
      if (words === '' || /^(QR)$/.test(words)) continue;
      expect(/[\u0980-\u09FF]/.test(text), `bn agent:${key} = "${text}"`).toBe(true);
    }
  });

  it('names every nav page in both languages', async () => {
    const { AGENT_NAV } = await import('@playfront/contract/agent-nav');
    for (const lng of ['en', 'bn']) {
      const pages = load(lng).pages as Record<string, string>;
      for (const e of AGENT_NAV) expect(pages[e.key], `${lng} pages.${e.key}`).toBeTruthy();
    }
  });
});
