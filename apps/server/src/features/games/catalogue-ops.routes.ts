import { CATALOGUE_OPS_PATHS, CatalogueImportBodySchema, CatalogueImportResponseSchema } from '@playfront/contract/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { catalogueCache } from './catalogue-cache.ts';
import { importCatalogue } from './catalogue-import.ts';

/**
 * The operator's catalogue import (`npm run catalogue:import`). Same key as the
 * rest of /ops/, checked before the body is read. The server may hold the
 * embedded database, so the CLI always comes through here.
 */
export const catalogueOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireOperatorKey(app, 'catalogue');

  app.post(
    CATALOGUE_OPS_PATHS.import,
    {
      // 10,000 rows of CSV are about 1.5 MB; room for a catalogue several times that.
      bodyLimit: 24 * 1024 * 1024,
      schema: {
        tags: ['operator'],
        summary: 'Import games (JSON or CSV): validate every row, then upsert by vendor + gameCode',
        body: CatalogueImportBodySchema,
        response: { 200: CatalogueImportResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const report = await importCatalogue(db, { ...request.body, now: now() });
      if (report.applied) {
        catalogueCache(app).counts.clear();
        catalogueCache(app).pages.clear();
      }
      request.log.info(
        {
          dryRun: report.dryRun,
          applied: report.applied,
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
          rejected: report.rejected.length,
        },
        'catalogue import',
      );
      if (report.rejected.length > 0 && !request.body.skipInvalid) throw new AppError('CATALOGUE_IMPORT_INVALID', { value: report });
      return { success: true as const, message: 'ok', value: report };
    },
  );
};
