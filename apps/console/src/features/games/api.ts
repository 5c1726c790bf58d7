import type { ConsoleGame, ConsoleVendor, JackpotInput } from '@playfront/contract/console-content';
import { CONSOLE_PATHS, consolePath, STAFF_SESSION_HEADER } from '@playfront/contract/console-paths';
import type { CatalogueImportReport } from '@playfront/contract/games';
import { ApiError, api } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { getSession } from '../../lib/session.ts';

/** The games page's calls (lane D). */
export const listVendors = () => api<{ list: ConsoleVendor[] }>(CONSOLE_PATHS.vendors);
export const updateVendor = (vendorCode: string, input: { active: boolean; maintenance: boolean }) =>
  api<ConsoleVendor>(consolePath('vendor', { vendorCode }), { method: 'PUT', body: input });
/** The staff member's brand offers the vendor on its own site, or not (decision 061). */
export const setBrandVendor = (vendorCode: string, enabled: boolean) =>
  api<ConsoleVendor>(consolePath('brandVendor', { vendorCode }), { method: 'PUT', body: { enabled } });
export const searchGames = (query: { q?: string; vendor?: string; hot?: 'true' | 'false'; pageNo: number; pageSize: number }) =>
  api<{ list: ConsoleGame[]; total: number; pageNo: number; pageSize: number }>(CONSOLE_PATHS.games, { query });
export const setHot = (nodeId: string, hot: boolean) =>
  api<ConsoleGame>(consolePath('gameHot', { nodeId }), { method: 'PUT', body: { hot } });
export const getJackpot = () => api<JackpotInput | null>(CONSOLE_PATHS.jackpot);
export const saveJackpot = (input: JackpotInput) => api<JackpotInput>(CONSOLE_PATHS.jackpot, { method: 'PUT', body: input });

export type ImportOutcome = { report: CatalogueImportReport; refused: boolean };

/**
 * Sends a catalogue file with upload progress (XMLHttpRequest: fetch has no upload progress). A file with bad rows
 * answers CATALOGUE_IMPORT_INVALID with the report as its value: that is an outcome to show, not a failure.
 */
export function importCatalogue(
  body: { format: 'csv' | 'json'; content: string; dryRun: boolean; skipInvalid: boolean },
  onProgress: (fraction: number) => void,
): Promise<ImportOutcome> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', CONSOLE_PATHS.catalogueImport);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('language', currentLanguage().toUpperCase());
    xhr.setRequestHeader('device', 'WEB');
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader(STAFF_SESSION_HEADER, token);
    xhr.timeout = 300_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError('NETWORK', 'errors.network', 0));
    xhr.ontimeout = () => reject(new ApiError('TIMEOUT', 'errors.timeout', 0));
    xhr.onload = () => {
      let json: { success?: boolean; code?: string; message?: string; value?: unknown } | null = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      if (json?.success === true) return resolve({ report: json.value as CatalogueImportReport, refused: false });
      if (json?.code === 'CATALOGUE_IMPORT_INVALID' && json.value)
        return resolve({ report: json.value as CatalogueImportReport, refused: true });
      reject(new ApiError(json?.code ?? 'UNKNOWN', json?.message ?? 'errors.unknown', xhr.status));
    };
    xhr.send(JSON.stringify(body));
  });
}
