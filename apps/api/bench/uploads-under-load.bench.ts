/**
 * Quotes while hostile PDFs are being inspected (docs/decisions/0026). The real API (bench-server.ts,
 * PostgreSQL, default inspection limits: cores − 1 workers (1..2), 256 MB heap, 20 s) is loaded with POST
 * api/calculator/calculate/ and GET api/health by autocannon, first quietly, then while two clients upload hostile
 * PDFs back to back: a 44 MB file of ~700,000 tiny objects behind a broken cross-reference table (every reader
 * indexes all of it) and 800 pages carrying 40 MB of embedded data with a broken table. Each target gets
 * alternating rounds; the figures are quote p99 (absolute) and the quote/health ratios of req/s and p99 in the same
 * phase, plus the API process's peak RSS and what the uploads were answered.
 * Bounded: BENCH_SECONDS (default 5) × 3 rounds per target per phase; the upload loops stop with the phase.
 * Run: `pnpm bench:uploads` in apps/api.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { PDFDocument } from 'pdf-lib';
import { breakXref, makePdf, multipartBody, pdfObjectFlood } from '../test/pdf-fixtures.js';
import {
  benchCustomerToken,
  connections,
  defined,
  median,
  printBookQuoteBody,
  rounds,
  seconds,
  startBenchServers,
  type Sample,
} from './harness.js';

/** 800 pages + `padding` bytes attached, with every xref offset wrong (same length, so startxref still points). */
async function paddedBrokenXref(padding: number): Promise<Buffer> {
  const doc = await PDFDocument.load(await makePdf(800, { blank: true }));
  // Random bytes: Flate would shrink anything regular to nothing.
  await doc.attach(randomBytes(padding), 'padding.bin', { mimeType: 'application/octet-stream' });
  return breakXref(Buffer.from(await doc.save({ useObjectStreams: false })));
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

const { ports, databaseUrl, pid, stop } = await startBenchServers();
try {
  const base = `http://127.0.0.1:${ports.api}/api`;
  // A customer to upload as (inserted directly, then a real login).
  const token = await benchCustomerToken(databaseUrl, base);

  const quoteBody = await printBookQuoteBody(`${base}/calculator`);

  console.info('building the hostile PDFs…');
  const hostile = [
    { name: '44 MB object flood, broken xref', bytes: await pdfObjectFlood(700_000) },
    { name: '800 pages + 40 MB, broken xref', bytes: await paddedBrokenXref(40 * 1024 * 1024) },
  ];
  for (const h of hostile) console.info(`  ${h.name}: ${(h.bytes.length / 1024 / 1024).toFixed(1)} MB`);

  const targets = {
    health: { url: `${base}/health` },
    quote: {
      url: `${base}/calculator/calculate/`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: quoteBody,
    },
  };
  const run = async (name: keyof typeof targets, duration: number): Promise<Sample> => {
    const result = await autocannon({ ...targets[name], connections, duration });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  };

  /** Two clients uploading hostile PDFs back to back until stopped; answers counted by status. */
  function hostileUploads() {
    let running = true;
    const statuses = new Map<number, number>();
    const times: number[] = [];
    const client = async (offset: number) => {
      for (let i = offset; running; i += 1) {
        const file = defined(hostile[i % hostile.length], 'a hostile file');
        const body = multipartBody({ purpose: 'interior' }, [{ name: 'book.pdf', data: file.bytes }]);
        const started = performance.now();
        const res = await fetch(`${base}/book/uploads/`, {
          method: 'POST',
          headers: { ...body.headers, authorization: `Bearer ${token}` },
          body: body.payload,
        }).catch(() => undefined);
        await res?.arrayBuffer();
        times.push(performance.now() - started);
        const status = res?.status ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const clients = [client(0), client(1)];
    return {
      statuses,
      times,
      async stop() {
        running = false;
        await Promise.all(clients);
      },
    };
  }

  const phase = async (label: string) => {
    const results: { health: Sample; quote: Sample }[] = [];
    for (let round = 0; round < rounds; round += 1)
      results.push({ health: await run('health', seconds), quote: await run('quote', seconds) });
    const middle = (by: (r: (typeof results)[number]) => number) => by(median(results, by));
    const line = {
      label,
      healthRps: middle((r) => r.health.rps),
      healthP99: middle((r) => r.health.p99),
      quoteRps: middle((r) => r.quote.rps),
      quoteP99: middle((r) => r.quote.p99),
      quoteP99Max: Math.max(...results.map((r) => r.quote.p99)),
    };
    return line;
  };

  await run('health', 1); // warm-up (JIT, connections)
  await run('quote', 1);
  const rssBefore = await rssMb(pid);
  const quiet = await phase('quiet');

  let peak = rssBefore;
  const sampling = setInterval(() => void rssMb(pid).then((mb) => (peak = Math.max(peak, mb))), 100);
  const uploads = hostileUploads();
  const loaded = await phase('hostile PDFs being inspected');
  await uploads.stop();
  clearInterval(sampling);

  console.info(
    `\nautocannon -c ${connections}, ${rounds} rounds × ${seconds} s per target and phase (medians)`,
  );
  const load = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
  console.info(
    `cores: ${availableParallelism()} (inspection workers: the default for them); load average ${load}`,
  );
  console.info(
    '| Phase | health req/s | health p99 | quote req/s | quote p99 (worst round) | quote/health req/s |',
  );
  console.info('| --- | --- | --- | --- | --- | --- |');
  for (const p of [quiet, loaded])
    console.info(
      `| ${p.label} | ${Math.round(p.healthRps)} | ${p.healthP99} ms | ${Math.round(p.quoteRps)} | ${p.quoteP99} ms (${p.quoteP99Max} ms) | ${(p.quoteRps / p.healthRps).toFixed(2)} |`,
    );
  const answered = [...uploads.statuses].map(([s, n]) => `${n}× ${s}`).join(', ');
  const slowest = Math.max(...uploads.times);
  console.info(`\nhostile uploads answered: ${answered} (slowest ${(slowest / 1000).toFixed(1)} s)`);
  console.info(`API RSS: ${rssBefore.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB while inspecting`);
  console.info(`quote p99 under hostile uploads: ${loaded.quoteP99} ms (target < 10 ms)`);
} finally {
  await stop();
}
