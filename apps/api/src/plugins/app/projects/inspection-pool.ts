/**
 * Uploaded files are inspected off the API's event loop, in a small pool of worker threads with a memory cap and a
 * time limit per file (docs/decisions/0026). A hostile PDF (a broken cross-reference table that makes
 * PDF.js index the whole file, millions of objects, a page tree built to be slow) can cost hundreds of megabytes
 * and seconds: here it ends its own worker — out of memory or out of time — and the upload is refused with a 400,
 * while the main thread keeps answering quotes.
 *
 * - `size` workers at most, each inspecting one file at a time; started on demand and ended after `idleMs` unused,
 *   so an idle API holds no parser memory.
 * - `resourceLimits` cap each worker's V8 heap (the file's own bytes are an ArrayBuffer outside that heap: at most
 *   50 MB per worker, bounded by the upload limit and `size`). What a PDF's check inflates is native memory this cap
 *   does not see either: it is bounded per file by pdf-xref.ts's budget (64 MB, docs/decisions/0053).
 * - `timeoutMs` per file, counted from the moment a ready worker receives it; the worker is terminated when it runs
 *   out.
 * - at most `maxQueue` files wait; more are refused as busy (503) instead of piling up.
 *
 * The worker loads as compiled JavaScript next to this file (node dist/) or, when this file is TypeScript (tsx in
 * dev, vitest), through tsx's loader registered inside the worker.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { InspectReply } from './inspect-worker.js';
import type { Inspection } from './pdf-inspect.js';

export interface InspectionPoolOptions {
  /** Workers at most (each inspects one file at a time). */
  size: number;
  /** Each worker's V8 old-generation heap limit. */
  maxHeapMb: number;
  /** Time a worker may spend on one file. */
  timeoutMs: number;
  /** Files that may wait for a worker; beyond that inspect() rejects with InspectionBusy. */
  maxQueue: number;
  /** An unused worker ends after this long. */
  idleMs: number;
  /** Another worker entry (tests of the pool's limits); default inspect-worker next to this file. */
  entry?: URL;
}

/** The file made its worker fail: out of memory, out of time, or the worker died. The file's fault: a 400. */
export class InspectionFailed extends Error {
  constructor(
    readonly reason: 'memory' | 'time' | 'crash',
    detail: string,
  ) {
    super(`inspection ${reason === 'crash' ? 'failed' : `ran out of ${reason}`}: ${detail}`);
    this.name = 'InspectionFailed';
  }
}

/** Too many files are waiting: try again later (503). */
export class InspectionBusy extends Error {
  constructor() {
    super('too many files are waiting to be inspected');
    this.name = 'InspectionBusy';
  }
}

export interface InspectionPool {
  inspect(path: string): Promise<Inspection>;
  /** Workers alive, files being inspected, files waiting. */
  stats(): { workers: number; busy: number; queued: number };
  /** Ends every worker; pending and queued files are rejected. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  path: string;
  resolve: (inspection: Inspection) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
  /** Why the pool ended it, or what error the worker reported before exiting. */
  ending?: 'time' | 'idle' | 'close' | 'start';
  error?: Error & { code?: string };
}

const here = import.meta.url;
const START_TIMEOUT_MS = 30_000;

/** How to start the worker entry: compiled JS directly, TypeScript through tsx registered in the worker. */
function workerSource(entry: URL): { source: string | URL; eval: boolean; workerData?: unknown } {
  if (!entry.pathname.endsWith('.ts')) return { source: entry, eval: false };
  // Only in source mode (tsx/vitest): tsx is a dev dependency, absent from a production install. Its ESM API
  // (module.register hooks, which a worker's execArgv cannot carry: `--import` there is ignored) from its exports.
  const manifest = createRequire(here).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const api = pkg.exports['./esm/api'];
  if (!api) throw new Error(`tsx (${manifest}) has no ./esm/api export`);
  const tsx = pathToFileURL(join(dirname(manifest), api.import.default)).href;
  const bootstrap = `
    const { workerData } = require('node:worker_threads');
    import(workerData.tsx)
      .then((m) => m.register())
      .then(() => import(workerData.entry));`;
  return { source: bootstrap, eval: true, workerData: { tsx, entry: entry.href } };
}

export function createInspectionPool(options: InspectionPoolOptions): InspectionPool {
  const entry =
    options.entry ?? new URL(here.endsWith('.ts') ? './inspect-worker.ts' : './inspect-worker.js', here);
  const start = workerSource(entry);
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(start.source, {
      eval: start.eval,
      workerData: start.workerData,
      // No inherited flags (tsx watch's loader, --conditions): the worker sets up what it needs itself.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxHeapMb,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
    });
    // An idle worker never keeps the process alive.
    worker.unref();
    const slot: Slot = { worker, ready: false };
    // Loading PDF.js takes a few hundred milliseconds; a worker that never gets there is our fault, not the file's.
    slot.timer = setTimeout(() => {
      slot.ending = 'start';
      void worker.terminate();
    }, START_TIMEOUT_MS);
    worker.on('message', (message: 'ready' | InspectReply) => {
      if (message === 'ready') {
        clearTimeout(slot.timer);
        slot.ready = true;
        if (slot.job) begin(slot);
        else dispatch();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      finish(slot);
      if ('result' in message) job.resolve(message.result);
      else job.reject(new InspectionFailed('crash', message.error));
      idleLater(slot);
      dispatch();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      slot.error ??= err;
    });
    worker.on('exit', () => {
      slots.delete(slot);
      clearTimeout(slot.idle);
      const job = slot.job;
      finish(slot);
      if (job) {
        if (slot.ending === 'time') job.reject(new InspectionFailed('time', `${options.timeoutMs} ms`));
        else if (slot.ending === 'close') job.reject(new Error('the inspection pool was closed'));
        else if (!slot.ready)
          job.reject(
            new Error(
              `the inspection worker did not start: ${slot.error?.message ?? slot.ending ?? 'exited'}`,
            ),
          );
        else if (slot.error?.code === 'ERR_WORKER_OUT_OF_MEMORY')
          job.reject(new InspectionFailed('memory', `${options.maxHeapMb} MB heap`));
        else job.reject(new InspectionFailed('crash', slot.error?.message ?? 'the worker exited'));
      }
      dispatch();
    });
    slots.add(slot);
    return slot;
  }

  function finish(slot: Slot) {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = undefined;
  }

  function idleLater(slot: Slot) {
    clearTimeout(slot.idle);
    slot.idle = setTimeout(() => {
      if (slot.job) return;
      slot.ending = 'idle';
      void slot.worker.terminate();
    }, options.idleMs).unref();
  }

  /** The job's clock starts once the worker has loaded its modules. */
  function begin(slot: Slot) {
    const job = slot.job;
    if (!job) return;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      slot.ending = 'time';
      void slot.worker.terminate();
    }, options.timeoutMs);
    slot.worker.postMessage({ id: job.id, path: job.path });
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((s) => !s.job && !s.ending);
      if (!slot && slots.size < options.size) slot = spawn();
      if (!slot) return;
      clearTimeout(slot.idle);
      slot.job = queue.shift();
      if (slot.ready) begin(slot);
    }
    for (const slot of slots) if (!slot.job) slot.worker.unref();
  }

  return {
    inspect(path) {
      if (closed) return Promise.reject(new Error('the inspection pool is closed'));
      if (queue.length >= options.maxQueue) return Promise.reject(new InspectionBusy());
      return new Promise<Inspection>((resolve, reject) => {
        queue.push({ id: nextId++, path, resolve, reject });
        dispatch();
      });
    },
    stats() {
      const busy = [...slots].filter((s) => s.job).length;
      return { workers: slots.size, busy, queued: queue.length };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the inspection pool was closed'));
      await Promise.all(
        [...slots].map((slot) => {
          slot.ending = 'close';
          return slot.worker.terminate();
        }),
      );
    },
  };
}
