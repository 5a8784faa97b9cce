/**
 * Micro-benchmark of the upload check: counting the pages of an 800-page PDF (read from disk, the page tree walked
 * and PDF.js opening it: what an inspection worker does for POST api/book/uploads/) against only reading the same
 * bytes from disk, in the same run.
 * Two files: the 800 pages alone, and the same pages carrying 24 MB of embedded data, to see how the count grows
 * with the file's size (PDF.js reads the cross-reference table and the page tree, never the embedded data, but
 * it does hold and hand over the whole byte array).
 * Bounded: ROUNDS alternating rounds of ITERATIONS each (BENCH_ROUNDS, BENCH_ITERATIONS). Prints medians and the
 * ratio count/read.
 * Then a 2 MB decompression bomb (an object stream of zeros inflating to about 2 GB) through the real inspection
 * pool, as an upload meets it: the time to its refusal and the process's peak RSS growth (the worker is a thread of
 * this process), sampled every 5 ms on the main thread, ITERATIONS/4 times (docs/decisions/0053).
 * Run: `pnpm bench` in apps/api (after the calculate bench) or `pnpm bench:pdf`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createInspectionPool } from '#plugins/app/projects/inspection-pool.js';
import { inspectFile } from '#plugins/app/projects/pdf-inspect.js';
import { pdfInflateBomb } from '../test/pdf-fixtures.js';
import { median } from './harness.js';

/** What an inspection worker does for one file (inspect-worker.ts), here on this thread to time it alone. */
async function countPdfPagesInFile(path: string): Promise<number | null> {
  const result = await inspectFile(path);
  return result.ok && result.type === 'application/pdf' ? result.pages : null;
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 20);

async function eightHundredPages(paddingBytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 800; i += 1) {
    doc
      .addPage([432, 648])
      .drawText(`Page ${i}: the quick brown fox jumps over the lazy dog.`, { x: 36, y: 600, size: 11, font });
  }
  if (paddingBytes > 0)
    await doc.attach(randomBytes(paddingBytes), 'padding.bin', { mimeType: 'application/octet-stream' });
  return doc.save();
}

const middle = (xs: number[]) => median(xs, (x) => x);

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const dir = await mkdtemp(join(tmpdir(), 'bindery-pdf-bench-'));
try {
  const files = [
    { name: '800 pages', path: join(dir, 'plain.pdf'), bytes: await eightHundredPages(0) },
    {
      name: '800 pages + 24 MB',
      path: join(dir, 'padded.pdf'),
      bytes: await eightHundredPages(24 * 1024 * 1024),
    },
  ];
  for (const f of files) await writeFile(f.path, f.bytes);

  console.info(`${rounds} rounds × ${iterations} iterations, medians in ms\n`);
  console.info('| File | Size | read bytes | count pages | ratio count/read |');
  console.info('| --- | --- | --- | --- | --- |');
  for (const f of files) {
    // Warm-up: PDF.js is loaded on first use; the file lands in the page cache.
    if ((await countPdfPagesInFile(f.path)) !== 800) throw new Error(`${f.name}: page count is not 800`);
    const reads: number[] = [];
    const counts: number[] = [];
    for (let r = 0; r < rounds; r += 1) {
      for (let i = 0; i < iterations; i += 1) reads.push(await time(() => readFile(f.path)));
      for (let i = 0; i < iterations; i += 1) counts.push(await time(() => countPdfPagesInFile(f.path)));
    }
    const read = middle(reads);
    const count = middle(counts);
    const mb = (f.bytes.length / 1024 / 1024).toFixed(1);
    console.info(
      `| ${f.name} | ${mb} MB | ${read.toFixed(2)} | ${count.toFixed(2)} | ${(count / read).toFixed(1)} |`,
    );
  }

  const bomb = join(dir, 'bomb.pdf');
  const bombBytes = pdfInflateBomb(2 * 1024 * 1024);
  await writeFile(bomb, bombBytes);
  const pool = createInspectionPool({
    size: 1,
    maxHeapMb: 256,
    timeoutMs: 20_000,
    maxQueue: 4,
    idleMs: 60_000,
  });
  try {
    // A warm worker (PDF.js loaded) first: its start-up is not the bomb's cost.
    await pool.inspect(files[0]?.path ?? '');
    const start = process.memoryUsage.rss();
    const times: number[] = [];
    const growths: number[] = [];
    let peakOverall = start;
    for (let i = 0; i < Math.max(3, Math.round(iterations / 4)); i += 1) {
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampling = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
      const began = process.hrtime.bigint();
      const result = await pool.inspect(bomb);
      times.push(Number(process.hrtime.bigint() - began) / 1e6);
      clearInterval(sampling);
      peak = Math.max(peak, process.memoryUsage.rss());
      growths.push((peak - before) / 1024 / 1024);
      peakOverall = Math.max(peakOverall, peak);
      if (result.ok || result.type !== 'application/pdf' || result.problem !== 'pdf-too-large')
        throw new Error(`the bomb was not refused as too large: ${JSON.stringify(result)}`);
    }
    const mb = (bombBytes.length / 1024 / 1024).toFixed(1);
    console.info(
      `\n| File | Size | refused in (median, ms) | peak RSS growth (median, max; MB) | RSS before → peak (MB) |`,
    );
    console.info('| --- | --- | --- | --- | --- |');
    console.info(
      `| bomb (object stream of zeros, ~2 GB inflated) | ${mb} MB | ${middle(times).toFixed(0)} | ` +
        `${middle(growths).toFixed(0)}, ${Math.max(...growths).toFixed(0)} | ` +
        `${(start / 1024 / 1024).toFixed(0)} → ${(peakOverall / 1024 / 1024).toFixed(0)} |`,
    );
  } finally {
    await pool.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
