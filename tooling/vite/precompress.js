/**
 * Precompressed SPA assets: after `vite build`, a brotli (`.br`) and a gzip (`.gz`) copy is written beside every
 * compressible file of the output directory from 1 KB up, kept only when it is smaller. The SPA servers send these
 * as they are to browsers that accept them (tooling/spa-server; nginx `gzip_static`), so no request pays for
 * compression and high levels are affordable, paid once per build (docs/decisions/0029): gzip 9, and brotli 10,
 * not 11 (on the web app's main chunk 11 saves another 1.8 % and takes 2.7 times as long, seconds per build).
 * Source maps are left alone (not fetched by visitors).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text and other formats that compress; images and fonts (png, jpg, webp, woff2) are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|wasm)$/;
/** Below this, a compressed answer saves less than its own overhead (as the API's threshold). */
export const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; the paths written. */
export async function precompressDir(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name));
  const written = await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      if (raw.length < MIN_BYTES) return [];
      const variants = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }).then((data) => ({ path: `${file}.br`, data })),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }).then((data) => ({
          path: `${file}.gz`,
          data,
        })),
      ]);
      const smaller = variants.filter((v) => v.data.length < raw.length);
      await Promise.all(smaller.map((v) => writeFile(v.path, v.data)));
      return smaller.map((v) => v.path);
    }),
  );
  return written.flat();
}

/** The Vite plugin: precompresses the build's output directory once the bundle is written. */
export function precompress() {
  let outDir = '';
  return {
    name: 'bindery:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
