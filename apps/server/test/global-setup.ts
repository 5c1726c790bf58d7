import type { TestProject } from 'vitest/node';
import { prepareTemplates, testDbKind } from './test-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}

type SharedTemplate = { ready: ReturnType<typeof prepareTemplates>; users: number };

/**
 * Vitest global setup for the server, house and lottery projects: one migrated+seeded starting database per run.
 * The projects' global setups run in the one main process, so the first makes the template and the others share it
 * (each made its own before: ~11 s per project, four projects, twice per `npm test`); the last teardown drops it.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const holder = globalThis as { playfrontTestTemplate?: SharedTemplate };
  holder.playfrontTestTemplate ??= { ready: prepareTemplates(), users: 0 };
  const shared = holder.playfrontTestTemplate;
  shared.users++;
  const { template, teardown } = await shared.ready;
  project.provide('dbTemplate', template);
  console.log(`[${project.name} tests] database engine: ${testDbKind} (template ready in ${Date.now() - started} ms)`);
  return async () => {
    shared.users--;
    if (shared.users > 0) return;
    holder.playfrontTestTemplate = undefined;
    await teardown();
  };
}
