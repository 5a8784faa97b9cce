/**
 * The inspection pool: real worker threads (the TypeScript entry through tsx, as in dev and tests)
 * inspecting real files, a hostile PDF ending its worker out of time or out of memory while the pool carries on,
 * a bounded queue, idle workers ending.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInspectionPool,
  InspectionBusy,
  InspectionFailed,
  type InspectionPoolOptions,
} from '#plugins/app/projects/inspection-pool.js';
import { defined } from '../helper.js';
import { jpegBytes, makePdf, pdfDeclaring, pdfObjectFlood } from '../pdf-fixtures.js';

let dir: string;
const paths: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inspection-pool-'));
  const files: Record<string, Uint8Array> = {
    ...Object.fromEntries(
      await Promise.all(
        [3, 5, 8, 13, 21, 34].map(async (n) => [`pdf${n}`, await makePdf(n, { blank: true })] as const),
      ),
    ),
    lying: await pdfDeclaring(40, 4),
    jpeg: jpegBytes(120, 80),
    // Hundreds of thousands of objects: seconds of parsing and far more than 64 MB of heap.
    flood: await pdfObjectFlood(300_000),
  };
  for (const [name, bytes] of Object.entries(files)) {
    paths[name] = join(dir, name);
    await writeFile(paths[name], bytes);
  }
}, 60_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** The path of a fixture written in beforeAll. */
const path = (name: string) => defined(paths[name], `the ${name} fixture`);

const defaults: InspectionPoolOptions = {
  size: 2,
  maxHeapMb: 256,
  timeoutMs: 20_000,
  maxQueue: 32,
  idleMs: 30_000,
};

/** Waits for a condition (bounded), instead of sleeping a fixed time. */
async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('inspection pool', () => {
  it('inspects many files at once with at most `size` workers, answering each with its own facts', async () => {
    const pool = createInspectionPool(defaults);
    try {
      let most = 0;
      const watching = setInterval(() => (most = Math.max(most, pool.stats().workers)), 5);
      const results = await Promise.all([3, 5, 8, 13, 21, 34].map((n) => pool.inspect(path(`pdf${n}`))));
      clearInterval(watching);
      expect(results.map((r) => r.ok && r.type === 'application/pdf' && r.pages)).toEqual([
        3, 5, 8, 13, 21, 34,
      ]);
      expect(most).toBeLessThanOrEqual(2);
      expect(await pool.inspect(path('lying'))).toMatchObject({ ok: false, problem: 'page-count-mismatch' });
      expect(await pool.inspect(path('jpeg'))).toMatchObject({ ok: true, width: 120, height: 80 });
    } finally {
      await pool.close();
    }
  });

  it('ends a worker that runs out of time; the next file gets a fresh worker', async () => {
    // The flood takes well over 10 s to parse; a warm worker reads a 3-page PDF in milliseconds (3 s leaves room
    // for a loaded machine).
    const pool = createInspectionPool({ ...defaults, size: 1, timeoutMs: 3_000 });
    try {
      const error = await pool.inspect(path('flood')).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(InspectionFailed);
      expect((error as InspectionFailed).reason).toBe('time');
      expect(await pool.inspect(path('pdf3'))).toMatchObject({ ok: true, pages: 3 });
    } finally {
      await pool.close();
    }
    // What it waits on: two worker start-ups (PDF.js loaded and warmed) and the time limit; seconds each on a
    // loaded 2-core machine.
  }, 60_000);

  it('ends a worker that runs out of memory; the pool carries on', async () => {
    // 40 MB: the workers' modules fit, the flood's objects do not. (A worker dies slowly near its limit — V8 tries
    // full collections first — so the smaller the cap, the sooner the answer.)
    const pool = createInspectionPool({ ...defaults, size: 1, maxHeapMb: 40, timeoutMs: 120_000 });
    try {
      const error = await pool.inspect(path('flood')).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(InspectionFailed);
      expect((error as InspectionFailed).reason).toBe('memory');
      expect(await pool.inspect(path('pdf5'))).toMatchObject({ ok: true, pages: 5 });
    } finally {
      await pool.close();
    }
    // What it waits on: two worker start-ups and V8 giving up on the heap (it runs full collections first).
  }, 90_000);

  it('refuses more waiting files than maxQueue instead of piling them up', async () => {
    const pool = createInspectionPool({ ...defaults, size: 1, maxQueue: 1 });
    try {
      const first = pool.inspect(path('pdf3'));
      const second = pool.inspect(path('pdf5'));
      await expect(pool.inspect(path('pdf8'))).rejects.toBeInstanceOf(InspectionBusy);
      expect(await Promise.all([first, second])).toMatchObject([{ pages: 3 }, { pages: 5 }]);
    } finally {
      await pool.close();
    }
  });

  it('ends idle workers, and starts one again when a file comes', async () => {
    const pool = createInspectionPool({ ...defaults, idleMs: 50 });
    try {
      await pool.inspect(path('pdf3'));
      await until(() => pool.stats().workers === 0);
      expect(await pool.inspect(path('pdf8'))).toMatchObject({ pages: 8 });
    } finally {
      await pool.close();
    }
  });

  it('close() rejects what is pending and queued', async () => {
    const pool = createInspectionPool({ ...defaults, size: 1 });
    const pending = [pool.inspect(path('flood')), pool.inspect(path('pdf3'))].map((p) =>
      p.catch((e: unknown) => e),
    );
    await until(() => pool.stats().busy === 1);
    await pool.close();
    for (const result of await Promise.all(pending)) expect(result).toBeInstanceOf(Error);
    await expect(pool.inspect(path('pdf3'))).rejects.toThrow(/closed/);
  });
});
