/**
 * The orders export for the books (docs/decisions/0065): GET api/admin/sales/export/orders/ of a period holding
 * 100,000 orders, on the real API (bench-server.ts, PostgreSQL), against the same period's JSON sales report (the
 * baseline, in the same run). Reports the export's time, size and rows per second, the ratio of its time to the
 * report's, and the API process's peak RSS growth while it streams (sampled from /proc every 20 ms): the export
 * reads batches of 1,000 rows, so its memory should not grow with the period. The orders are inserted directly
 * (no books: the per-order subqueries still run and find none).
 * Bounded: BENCH_EXPORT_ORDERS (default 100,000) orders, BENCH_ROUNDS (default 3) alternating rounds.
 * Run: `pnpm bench:export` in apps/api.
 */
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { hashPassword } from '#lib/password.js';
import { median, rounds, startBenchServers } from './harness.js';

const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 100_000);
const DAY = '2025-06-01';

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const { ports, databaseUrl, pid, stop } = await startBenchServers();
try {
  const base = `http://127.0.0.1:${ports.api}/api`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  await pool.query(
    `INSERT INTO users (email, name, password_hash, is_admin, is_verified) VALUES ($1, 'Bench Staff', $2, true, true)`,
    ['staff@example.test', await hashPassword('Bench-pass-1!')],
  );
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, is_admin, is_verified) VALUES ('buyer@example.test', 'Bench Buyer', 'x', false, true) RETURNING id`,
  );
  console.info(`inserting ${ORDERS.toLocaleString('en-US')} orders…`);
  await pool.query(
    `INSERT INTO orders (user_id, subtotal_cents, shipping_cents, tax_cents, total_cents, tax_rate_bp, tax_reason,
                         shipping_service, address, weight_grams, created_at, updated_at)
     SELECT $1, 4210, 1840, 0, 6050, 0, 'No tax for this address', '{}'::jsonb,
            '{"country":"US","state":"CA","city":"Fresno","postal_code":"93650","name":"Bench Buyer"}'::jsonb, 900,
            timestamptz '${DAY} 00:00:00+00' + (g * 86399.0 / $2) * interval '1 second', now()
     FROM generate_series(1, $2::int) g`,
    [rows[0]?.id, ORDERS],
  );
  await pool.query('ANALYZE orders');
  await pool.end();
  const login = await fetch(`${base}/users/admin/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff@example.test', password: 'Bench-pass-1!' }),
  });
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
  const auth = { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };

  const run = async (path: string) => {
    const before = await rssMb(pid);
    let peak = before;
    const sampling = setInterval(() => void rssMb(pid).then((mb) => (peak = Math.max(peak, mb))), 20);
    const start = process.hrtime.bigint();
    const res = await fetch(`${base}${path}`, { headers: auth });
    const text = await res.text();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    clearInterval(sampling);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return { ms, bytes: text.length, lines: text.split('\r\n').length - 2, rssGrowth: peak - before, peak };
  };

  const results: { report: Awaited<ReturnType<typeof run>>; csv: Awaited<ReturnType<typeof run>> }[] = [];
  for (let round = 0; round < rounds; round++) {
    const report = await run(`/admin/sales/?from=${DAY}&to=${DAY}`);
    const csv = await run(`/admin/sales/export/orders/?from=${DAY}&to=${DAY}`);
    if (csv.lines !== ORDERS) throw new Error(`the export held ${csv.lines} orders, not ${ORDERS}`);
    results.push({ report, csv });
    console.info(
      `round ${round + 1}: report ${report.ms.toFixed(0)} ms; export ${csv.ms.toFixed(0)} ms, ` +
        `${(csv.bytes / 1e6).toFixed(1)} MB, RSS +${csv.rssGrowth.toFixed(0)} MB (peak ${csv.peak.toFixed(0)} MB)`,
    );
  }
  const mid = median(results, (r) => r.csv.ms);
  console.info(
    `\nmedian round: ${ORDERS.toLocaleString('en-US')} orders exported in ${(mid.csv.ms / 1000).toFixed(2)} s ` +
      `(${Math.round(ORDERS / (mid.csv.ms / 1000)).toLocaleString('en-US')} orders/s, ${(mid.csv.bytes / 1e6).toFixed(1)} MB), ` +
      `${(mid.csv.ms / mid.report.ms).toFixed(1)}× the same period's JSON report (${mid.report.ms.toFixed(0)} ms); ` +
      `API RSS growth while streaming ${mid.csv.rssGrowth.toFixed(0)} MB (peak ${mid.csv.peak.toFixed(0)} MB)`,
  );
} finally {
  await stop();
}
