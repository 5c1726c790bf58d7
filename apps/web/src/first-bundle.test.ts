import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImports } from './static-imports.test-support.ts';

const src = import.meta.dirname;

describe('the first bundle of the member site', () => {
  it('imports no zod schema (zod is heavy and probes new Function, which the CSP refuses; decision 062)', () => {
    const bundle = staticImports(path.join(src, 'main.tsx'));
    expect(bundle.size).toBeGreaterThan(50);
    const withZod = [...bundle].filter(([, specs]) => specs.some((s) => s === 'zod' || s.startsWith('zod/'))).map(([f]) => f);
    expect(withZod).toEqual([]);
  });
});

describe('what the first bundle leaves to later chunks (decision 068)', () => {
  it('holds none of the modules a first screen does not show', () => {
    const bundle = [...staticImports(path.join(src, 'main.tsx')).keys()].map((f) => path.relative(src, f));
    // Each arrives when it is needed: the side menu's contents (with the page, or when a phone opens the drawer), the
    // launch rules (on the first tap), the notice popups (when there are some), the popups' host and registry (with the
    // first popup), the agent frame (on /agent), the home previews (scrolled near), the member's chat calls (logged in),
    // the home lobby's sections other than HOME with their paginator (after a tap on the menu).
    const later = [
      'features/layout/components/side-menu-contents.tsx',
      'features/play/lib/launch-rules.ts',
      'features/lobby/components/notice-popups.tsx',
      'app/modals.tsx',
      'app/modal-bodies.ts',
      'ui/modals/modal-host.tsx',
      'app/layouts/agent-layout.tsx',
      'features/lobby/components/home-preview.tsx',
      'features/support/chat/api/chat-calls.ts',
      'features/lobby/components/menu-sections.tsx',
      'ui/paginator/paginator.tsx',
    ];
    for (const file of later) expect(fs.existsSync(path.join(src, file)), file).toBe(true);
    expect(bundle.filter((f) => later.includes(f))).toEqual([]);
    // The walk itself reaches the frame these were split from.
    expect(bundle).toEqual(expect.arrayContaining(['features/layout/components/side-menu.tsx', 'app/layouts/root-layout.tsx']));
  });

  it('translates with the site’s own i18n runtime, not the i18next packages', async () => {
    const { default: config } = await import('../vite.config.ts');
    const alias = (config.resolve?.alias ?? []) as { find: RegExp; replacement: string }[];
    for (const name of ['i18next', 'react-i18next']) {
      const entry = alias.find((a) => a.find.test(name));
      expect(entry?.replacement, name).toMatch(/src[\\/]lib[\\/]i18n-runtime[\\/]/);
      expect(fs.existsSync(entry?.replacement ?? ''), name).toBe(true);
    }
  });
});
