/**
 * The interior preflight at scale (docs/decisions/0073): what an upload's inspection costs — the inspection pool's
 * worker reading the file (page tree, PDF.js, the preflight facts: page sizes, fonts, images, colour, text insets,
 * blank pages), exactly as POST api/book/uploads/ runs it — for
 * - a 10-page text PDF (the baseline of the same run),
 * - an 800-page text PDF (the most pages an interior may have),
 * - a 100-page PDF carrying 300 full-page JPEG photos (1800 × 2700 px, 300 ppi at 6 × 9 in; ≥ 150 MB),
 * each in a fresh process (`--one <file>`, the built API's pool and worker: dist/): wall time of the inspection on a
 * cold worker (started for the file) and on the warm one (the same file again), and the process's peak RSS (the
 * worker is one of its threads; `process.resourceUsage().maxRSS`), as ratios to the baseline. The pool has
 * the API's defaults (one worker, UPLOAD_INSPECT_MEMORY_MB 256, UPLOAD_INSPECT_TIMEOUT_SECONDS 20).
 * Then the 150 MB file is sent to the real API (bench-server.ts on PostgreSQL) as a customer would, to see what the
 * upload limit answers. The files are generated with pdf-lib into a temp dir and removed afterwards.
 * Bounded: BENCH_ROUNDS (default 3) runs of each small file, one of the large one.
 * Run: `pnpm bench:preflight` in apps/api after `pnpm --filter @bindery/api build`.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createInspectionPool } from '#plugins/app/projects/inspection-pool.js';
import { multipartBody } from '../test/pdf-fixtures.js';
import { benchCustomerToken, median, rounds, startBenchServers } from './harness.js';

const MB = 1024 * 1024;
const here = fileURLToPath(new URL('.', import.meta.url));

/** One file in this (fresh) process: the pool's answer, its wall time and the process's peak RSS. */
async function inspectOne(path: string) {
  const pool = createInspectionPool({
    size: 1,
    maxHeapMb: Number(process.env.UPLOAD_INSPECT_MEMORY_MB ?? 256),
    timeoutMs: Number(process.env.UPLOAD_INSPECT_TIMEOUT_SECONDS ?? 20) * 1000,
    maxQueue: 4,
    idleMs: 60_000,
  });
  const rssBefore = process.memoryUsage.rss();
  const inspect = async () => {
    const began = process.hrtime.bigint();
    const result = await pool.inspect(path);
    return { result, ms: Number(process.hrtime.bigint() - began) / 1e6 };
  };
  let outcome: string;
  let ms = NaN;
  let warmMs = NaN;
  try {
    // Cold: the worker starts for this file (as after UPLOAD idle); warm: the next file on the same worker.
    const cold = await inspect();
    const warm = await inspect();
    [ms, warmMs] = [cold.ms, warm.ms];
    const result = warm.result;
    if (!result.ok) outcome = `refused: ${result.problem}`;
    else if (result.type !== 'application/pdf') outcome = result.type;
    else {
      const images = result.facts.images?.length ?? 0;
      outcome = `${result.pages} pages, ${result.facts.images_checked ?? 0} image draws (${images} low-ppi groups)`;
    }
  } catch (err) {
    outcome = `failed: ${(err as Error).message}`;
  }
  await pool.close();
  // maxRSS is in KiB: the peak of the whole process, its worker thread included.
  const peak = (process.resourceUsage().maxRSS * 1024) / MB;
  console.info(JSON.stringify({ ms, warmMs, outcome, rssBefore: rssBefore / MB, peak }));
}

type Measured = { ms: number; warmMs: number; outcome: string; rssBefore: number; peak: number };

function measureInChild(path: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      // Without the source condition: the pool and its worker are the built API's (dist/), as in production.
      ['--import', 'tsx', join(here, 'preflight.bench.ts'), '--one', path],
      { cwd: join(here, '..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`child exited ${code}: ${out}`));
      else resolve(JSON.parse(line) as Measured);
    });
  });
}

async function textPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const line = 'The quick brown fox jumps over the lazy dog, and the printer checks every page of it.';
  for (let p = 1; p <= pages; p += 1) {
    const page = doc.addPage([432, 648]);
    for (let l = 0; l < 38; l += 1)
      page.drawText(`${p}.${l} ${line}`, { x: 54, y: 594 - l * 14, size: 9, font });
  }
  return doc.save();
}

/** A photo-like JPEG: gradients with noise (about 0.6 MB at 1800 × 2700 px, quality 60). */
function photo(width: number, height: number): Buffer {
  const noise = randomBytes(width * height);
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const n = (noise[i] ?? 0) % 32;
    const x = i % width;
    const y = Math.floor(i / width);
    data.set([(x / 8 + n) & 255, (y / 12 + n) & 255, (128 + n) & 255, 255], i * 4);
  }
  return Buffer.from(jpeg.encode({ data, width, height }, 60).data);
}

/** 100 pages, each drawing three full-page photos (six distinct JPEGs, each embedded as its own image). */
async function photoPdf(): Promise<Uint8Array> {
  const photos = Array.from({ length: 6 }, () => photo(1800, 2700));
  const doc = await PDFDocument.create();
  for (let p = 0; p < 100; p += 1) {
    const page = doc.addPage([432, 648]);
    for (let k = 0; k < 3; k += 1) {
      const image = await doc.embedJpg(photos[(p * 3 + k) % photos.length] ?? Buffer.alloc(0));
      page.drawImage(image, { x: 0, y: 0, width: 432, height: 648 });
    }
  }
  return doc.save();
}

/** POST api/book/uploads/ of the file to the real API: the status, the answer and how long it took. */
async function uploadToApi(path: string) {
  const { ports, databaseUrl, stop } = await startBenchServers();
  try {
    const base = `http://127.0.0.1:${ports.api}/api`;
    const token = await benchCustomerToken(databaseUrl, base);
    const body = multipartBody({ purpose: 'interior' }, [
      { name: 'photos.pdf', type: 'application/pdf', data: await readFile(path) },
    ]);
    const began = Date.now();
    const res = await fetch(`${base}/book/uploads/`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      body: body.payload,
    }).catch((err: unknown) => ({ status: 0, text: () => Promise.resolve(String(err)) }));
    return { status: res.status, text: await res.text(), ms: Date.now() - began };
  } finally {
    await stop();
  }
}

if (process.argv[2] === '--one') {
  await inspectOne(process.argv[3] ?? '');
} else {
  const dir = await mkdtemp(join(tmpdir(), 'bindery-preflight-bench-'));
  try {
    console.info('generating the files…');
    const files = [
      { name: '10-page text (baseline)', path: join(dir, 'ten.pdf'), make: () => textPdf(10), runs: rounds },
      { name: '800-page text', path: join(dir, 'eight-hundred.pdf'), make: () => textPdf(800), runs: rounds },
      { name: '100 pages, 300 full-page photos', path: join(dir, 'photos.pdf'), make: photoPdf, runs: 1 },
    ];
    for (const f of files) await writeFile(f.path, await f.make());

    const rows: (Measured & { name: string; size: number })[] = [];
    for (const f of files) {
      const runs: Measured[] = [];
      for (let r = 0; r < f.runs; r += 1) runs.push(await measureInChild(f.path));
      rows.push({ ...median(runs, (m) => m.ms), name: f.name, size: (await stat(f.path)).size / MB });
    }
    const base = rows[0];
    if (!base) throw new Error('no baseline');
    console.info(`\nmedian of ${rounds} runs (one for the photo file), each in a fresh process\n`);
    console.info(
      '| File | Size | Inspection, cold worker | warm worker | × baseline (warm) | Peak RSS (before) | × baseline | Result |',
    );
    console.info('| --- | --- | --- | --- | --- | --- | --- | --- |');
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    for (const r of rows) {
      console.info(
        `| ${r.name} | ${r.size.toFixed(1)} MB | ${s(r.ms)} | ${s(r.warmMs)} | ${(r.warmMs / base.warmMs).toFixed(1)}× | ` +
          `${r.peak.toFixed(0)} MB (${r.rssBefore.toFixed(0)}) | ${(r.peak / base.peak).toFixed(2)}× | ${r.outcome} |`,
      );
    }
    const photos = files[2]?.path ?? '';
    console.info('\nthe photo file through POST api/book/uploads/ (the real API on PostgreSQL)…');
    const answer = await uploadToApi(photos);
    console.info(`HTTP ${answer.status} after ${answer.ms} ms: ${answer.text.slice(0, 300)}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
