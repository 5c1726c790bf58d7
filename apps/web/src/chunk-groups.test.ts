import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMBER_BOOT_MODULES, SITE_LATER_MODULES } from '../vite.config.ts';
import { staticImports } from './static-imports.test-support.ts';

const src = import.meta.dirname;

/** A chunk group of the web build's configuration (vite.config.ts), by name. */
async function chunkGroup(name: string) {
  const { default: config } = await import('../vite.config.ts');
  const output = config.build?.rolldownOptions?.output;
  const splitting = output && !Array.isArray(output) ? output.codeSplitting : undefined;
  return typeof splitting === 'object' ? splitting.groups?.find((g) => g.name === name) : undefined;
}

/** Those of `files` (paths under src) that a group's pattern takes. */
const taken = (pattern: RegExp, files: string[]) => files.filter((f) => pattern.test(path.join(src, f)));

/**
 * The screens and popups a guest's first visits load (home, the lobby pages, /promotions, /help, /agent's landing,
 * the login and registration popups, the envelope rain and notices on home). A guest module that statically imported
 * one of the member-boot modules would make every guest download the whole member-boot file (vite.config.ts).
 */
const GUEST_SCREENS = [
  'main.tsx',
  'app/modals.tsx',
  'features/layout/components/side-menu-contents.tsx',
  'features/layout/components/footer.tsx',
  'features/lobby/components/notice-popups.tsx',
  'features/lobby/screens/game-center.tsx',
  'features/lobby/screens/game-list-center.tsx',
  'features/envelopes/components/envelope-rain.tsx',
  'features/auth/components/login-popup-modal.tsx',
  'features/auth/components/register-modal.tsx',
  'features/promotions/promotions-screen.tsx',
  'features/support/components/help-centre-page.tsx',
  'features/agent/agent-landing.tsx',
  'features/play/lib/launch-rules.ts',
];

describe('the member-boot file (what every page of a tab with a session loads first)', () => {
  it('holds the member boot calls and the logged-in header', () => {
    for (const file of [
      'features/auth/session/load-member.ts',
      'app/member-first-screen.ts',
      'app/logged-in-header.tsx',
      'features/messages/api/get-messages.ts',
      'features/wallet/api/get-withdraw-info.ts',
      'features/protection/components/reality-check.tsx',
    ]) {
      expect(fs.existsSync(path.join(src, file)), file).toBe(true);
      expect(MEMBER_BOOT_MODULES.test(path.join(src, file)), file).toBe(true);
    }
  });

  it('takes only the modules named, not their dependencies (the auth icons and the logout call guests load too)', async () => {
    const group = await chunkGroup('member-boot');
    expect(group?.test).toBe(MEMBER_BOOT_MODULES);
    expect(group?.includeDependenciesRecursively).toBe(false);
  });

  it('is reached by no static import of a guest’s screens', () => {
    for (const screen of GUEST_SCREENS) {
      const file = path.join(src, screen);
      expect(fs.existsSync(file), screen).toBe(true);
      const reached = [...staticImports(file).keys()].filter((f) => MEMBER_BOOT_MODULES.test(f)).map((f) => path.relative(src, f));
      expect(reached, screen).toEqual([]);
    }
  });
});

describe('the site-later file (what every page loads after its first screen)', () => {
  const LATER = [
    'features/layout/components/footer.tsx',
    'features/layout/components/side-menu-contents.tsx',
    'features/lobby/components/menu-sections.tsx',
    'features/lobby/components/vendor-cards.tsx',
    'features/lobby/components/banner-rotator.tsx',
    'app/modals.tsx',
    'ui/modals/modal-host.tsx',
    'features/play/lib/launch-rules.ts',
    'features/envelopes/components/envelope-rain.tsx',
    'ui/paginator/paginator.tsx',
  ];

  it('holds the footer, the side menu contents, the popups’ host, the launch rules and the envelope rain', async () => {
    for (const file of LATER) expect(fs.existsSync(path.join(src, file)), file).toBe(true);
    expect(taken(SITE_LATER_MODULES, LATER)).toEqual(LATER);
    const group = await chunkGroup('site-later');
    expect(group?.test).toBe(SITE_LATER_MODULES);
    expect(group?.includeDependenciesRecursively).toBe(false);
  });

  it('is not in the first bundle: nothing the entry imports statically is in it', () => {
    const bundle = [...staticImports(path.join(src, 'main.tsx')).keys()];
    expect(bundle.length).toBeGreaterThan(50);
    expect(bundle.filter((f) => SITE_LATER_MODULES.test(f)).map((f) => path.relative(src, f))).toEqual([]);
  });
});
