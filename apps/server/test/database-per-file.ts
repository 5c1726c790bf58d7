import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * Decision 037: a test file opens one database and app for all its tests (`open` before them, `close` after).
 * A describe whose tests change what the others read (brand-wide settings, lists of everything) calls the returned
 * `ownDatabasePerTest()` inside it: each of its tests runs on a fresh database of its own, and the file's shared one
 * is put back after. `keep` saves the file's current handles and returns how to put them back.
 */
export function databasePerFile(file: { open: () => Promise<void>; close: () => Promise<void>; keep: () => () => void }) {
  beforeAll(file.open);
  afterAll(file.close);
  /** `afterOpen`: set up each fresh database; `beforeClose`: check it before it closes (inner hooks run first). */
  return function ownDatabasePerTest(hooks: { afterOpen?: () => Promise<void>; beforeClose?: () => Promise<void> } = {}): void {
    let putBack: () => void = () => {};
    beforeEach(async () => {
      putBack = file.keep();
      await file.open();
      await hooks.afterOpen?.();
    });
    afterEach(async () => {
      await hooks.beforeClose?.();
      await file.close();
      putBack();
    });
  };
}
