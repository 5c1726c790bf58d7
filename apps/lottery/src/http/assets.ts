import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');

export interface LotteryAsset {
  body: Uint8Array;
  type: string;
  etag: string;
}

export interface LotteryAssets {
  /** Public URLs of the page's script and stylesheet (content-hashed, cached for a year). */
  script: string;
  style: string;
  files: ReadonlyMap<string, LotteryAsset>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/**
 * Bundles the lottery pages' script (plain TypeScript, no framework) and stylesheet
 * (with the Bengali font files it imports) with esbuild, in memory. Names carry a
 * content hash, so the answers can be cached for good.
 */
export async function buildLotteryAssets(publicPath: string): Promise<LotteryAssets> {
  const result = await build({
    entryPoints: { lotto: path.join(clientDir, 'main.ts'), 'lotto-style': path.join(clientDir, 'lottery.css') },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    target: 'es2022',
    outdir: '/lotto-assets',
    publicPath,
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    loader: { '.woff2': 'file', '.woff': 'file' },
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const files = new Map<string, LotteryAsset>();
  let script = '';
  let style = '';
  for (const file of result.outputFiles) {
    const name = path.basename(file.path);
    const ext = path.extname(name);
    const type = TYPES[ext];
    if (!type) continue;
    files.set(name, {
      body: file.contents,
      type,
      etag: `"${createHash('sha256').update(file.contents).digest('base64url').slice(0, 22)}"`,
    });
    if (name.startsWith('lotto-style-') && ext === '.css') style = `${publicPath}/${name}`;
    else if (name.startsWith('lotto-') && ext === '.js') script = `${publicPath}/${name}`;
  }
  if (!script || !style) throw new Error('lottery assets: the bundle is missing its script or stylesheet');
  return { script, style, files };
}
