/**
 * What authenticating a request costs: GET of a tiny route behind `app.authenticate` (JWT check + the one query
 * that reads the user and the token's session, docs/decisions/0025) against the same route without it, and both
 * against a bare Fastify hello-world, in three alternating rounds in the same run. Bounded like the others
 * (3 × BENCH_SECONDS per target, 10 connections); starts its own PostgreSQL.
 * Then the query alone, which HTTP figures on a busy machine blur: the look-up `authenticate` makes now (user JOIN
 * session by both primary keys) against the one it made before sessions were checked (the user by id), 3
 * alternating rounds of QUERIES sequential queries each on one connection, as µs per query and their ratio.
 * Run: `pnpm bench:auth` in apps/api.
 */
import autocannon from 'autocannon';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from '#db/database.js';
import { hashPassword } from '#lib/password.js';
import { findSessionUser } from '#plugins/app/users/sessions.repository.js';
import { findUserById } from '#plugins/app/users/users.repository.js';
import {
  connections,
  defined,
  fmt,
  median,
  rounds,
  seconds,
  startBenchServers,
  type Sample,
} from './harness.js';

const { ports, stop, databaseUrl } = await startBenchServers();
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
});
try {
  const base = `http://127.0.0.1:${ports.api}`;
  const email = 'bench-reader@example.test';
  const password = 'Bench-pa55word!';
  await db
    .insertInto('users')
    .values({ email, name: 'Bench Reader', password_hash: await hashPassword(password), is_verified: true })
    .execute();
  const login = await fetch(`${base}/api/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { access } = (await login.json()) as { access: string };
  const me = await fetch(`${base}/api/_bench/me`, { headers: { authorization: `Bearer ${access}` } });
  if (me.status !== 200) throw new Error(`the authenticated probe answered ${me.status}: ${await me.text()}`);

  const targets = {
    hello: { url: `http://127.0.0.1:${ports.hello}/` },
    anonymous: { url: `${base}/api/_bench/anonymous` },
    authenticated: { url: `${base}/api/_bench/me`, headers: { authorization: `Bearer ${access}` } },
  };
  const run = async (name: keyof typeof targets, duration: number): Promise<Sample> => {
    const result = await autocannon({ ...targets[name], connections, duration });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  };
  for (const name of Object.keys(targets) as (keyof typeof targets)[]) await run(name, 1); // warm-up

  const results: {
    hello: Sample;
    anonymous: Sample;
    authenticated: Sample;
    authRatio: number;
    helloRatio: number;
  }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const hello = await run('hello', seconds);
    const anonymous = await run('anonymous', seconds);
    const authenticated = await run('authenticated', seconds);
    results.push({
      hello,
      anonymous,
      authenticated,
      authRatio: authenticated.rps / anonymous.rps,
      helloRatio: authenticated.rps / hello.rps,
    });
  }
  console.info(`autocannon -c ${connections}, ${rounds} rounds × ${seconds} s per target`);
  results.forEach((r, i) =>
    console.info(
      `  round ${i + 1}: hello-world ${fmt(r.hello)} | anonymous ${fmt(r.anonymous)} | authenticated ${fmt(r.authenticated)} | auth/anon ${r.authRatio.toFixed(2)} | auth/hello ${r.helloRatio.toFixed(2)}`,
    ),
  );
  const mid = median(results, (r) => r.authRatio);
  console.info(
    `  median round: authenticated / anonymous ${mid.authRatio.toFixed(2)}, authenticated / hello-world ${mid.helloRatio.toFixed(2)}`,
  );

  const userId = (
    await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  ).id;
  const sid = (
    JSON.parse(Buffer.from(defined(access.split('.')[1], 'the JWT payload'), 'base64url').toString()) as {
      sid: string;
    }
  ).sid;
  const QUERIES = 2000;
  const time = async (query: () => Promise<unknown>) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < QUERIES; i += 1) await query();
    return Number(process.hrtime.bigint() - start) / 1000 / QUERIES;
  };
  if (!(await findSessionUser(db, userId, sid))) throw new Error('the session look-up found nothing');
  await time(() => findUserById(db, userId)); // warm-up
  const queryRounds: { user: number; joined: number }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const user = await time(() => findUserById(db, userId));
    const joined = await time(() => findSessionUser(db, userId, sid));
    queryRounds.push({ user, joined });
    console.info(
      `  query round ${round + 1}: user by id ${user.toFixed(0)} µs | user JOIN session ${joined.toFixed(0)} µs | ratio ${(joined / user).toFixed(2)}`,
    );
  }
  const q = median(queryRounds, (r) => r.joined / r.user);
  console.info(`  median query ratio (user JOIN session / user by id): ${(q.joined / q.user).toFixed(2)}`);
} finally {
  await db.destroy();
  await stop();
}
