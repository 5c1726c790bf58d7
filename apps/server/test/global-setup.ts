import type { TestProject } from 'vitest/node';
import { prepareTemplates, testDbKind } from './test-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}

/** Vitest global setup for the server project: one migrated+seeded starting database per run. */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const { template, teardown } = await prepareTemplates();
  project.provide('dbTemplate', template);
  console.log(`[server tests] database engine: ${testDbKind} (template ready in ${Date.now() - started} ms)`);
  return teardown;
}
