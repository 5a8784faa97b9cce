/**
 * The job scheduler on a real PostgreSQL (docs/decisions/0021): one run per period with two schedulers on two
 * connection pools, failures recorded and retried next period, a crashed instance's lease running out, a database
 * outage survived, long runs not holding up other jobs, and the app starting and stopping it.
 * Time moves only by the manual clock: no test waits for a period to pass.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#app.js';
import type { DB } from '#db/database.js';
import { claimDueJobs, listSchedules } from '#jobs/jobs.repository.js';
import { createScheduler, type Job, type JobLogger } from '#jobs/scheduler.js';
import { manualClock } from '#lib/clock.js';
import { setupTestApp } from '../helper.js';

const t = setupTestApp();
const MINUTE = 60_000;

const pools: Kysely<DB>[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.destroy()));
});

/** Another connection pool on the test's database: a second API instance. */
function secondInstance(): Kysely<DB> {
  if (t.config.database.mode !== 'postgres') throw new Error('needs PostgreSQL');
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: t.config.database.url, max: 4 }) }),
  });
  pools.push(db);
  return db;
}

function recordingLog() {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg: string): void => {
      lines.push({ level, msg, obj });
    };
  const log: JobLogger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

let seq = 0;
/** A fresh job name per test: the rows live in the file's one database. */
const uniqueName = (what: string) => `test.${what}-${++seq}`;

beforeEach(async () => {
  await t.db.deleteFrom('job_schedules').execute();
});

describe('job scheduler', () => {
  it('runs a job once per period with two instances ticking at the same moments', async () => {
    const clock = manualClock(new Date('2026-11-23T10:00:00Z'));
    const name = uniqueName('once');
    const runs: { instance: string; now: Date }[] = [];
    const job = (instance: string): Job => ({
      name,
      everyMs: 5 * MINUTE,
      run: async ({ now }) => {
        runs.push({ instance, now });
      },
    });
    const a = createScheduler({ db: t.db, clock, log: recordingLog().log, instance: 'a' });
    const b = createScheduler({ db: secondInstance(), clock, log: recordingLog().log, instance: 'b' });
    a.add(job('a'));
    b.add(job('b'));

    for (let period = 0; period < 6; period++) {
      // Both instances poll several times within the period, concurrently.
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick(), b.tick(), a.tick()]);
      expect(runs, `period ${period}`).toHaveLength(period + 1);
      // Later in the same period: nothing is due.
      clock.advance(5 * MINUTE - 1000);
      await Promise.all([a.tick(), b.tick()]);
      expect(runs).toHaveLength(period + 1);
      clock.advance(1000);
    }
    expect(runs.map((r) => r.now.toISOString())).toEqual(
      Array.from({ length: 6 }, (_, i) =>
        new Date(Date.parse('2026-11-23T10:00:00Z') + i * 5 * MINUTE).toISOString(),
      ),
    );
    const [row] = await listSchedules(t.db);
    expect(row).toMatchObject({
      name,
      runs: 6,
      failures: 0,
      last_error: null,
      locked_until: null,
      claim_id: null,
    });
  });

  it('records a failure and runs the job again next period, not before', async () => {
    const clock = manualClock(new Date('2026-11-23T10:00:00Z'));
    const { log, lines } = recordingLog();
    const s = createScheduler({ db: t.db, clock, log });
    let calls = 0;
    const name = uniqueName('fails');
    s.add({
      name,
      everyMs: MINUTE,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('carrier API down');
      },
    });
    expect(await s.tick()).toEqual([name]);
    expect(lines.some((l) => l.level === 'error' && l.msg.includes('job failed'))).toBe(true);
    let [row] = await listSchedules(t.db);
    expect(row).toMatchObject({ failures: 1, last_error: 'Error: carrier API down', locked_until: null });
    expect(await s.tick()).toEqual([]);
    expect(calls).toBe(1);
    clock.advance(MINUTE);
    expect(await s.tick()).toEqual([name]);
    [row] = await listSchedules(t.db);
    expect(row).toMatchObject({ failures: 0, last_error: null, runs: 2 });
  });

  it('lets another instance run the job once a crashed instance’s lease has run out', async () => {
    const clock = manualClock(new Date('2026-11-23T10:00:00Z'));
    const name = uniqueName('lease');
    const s = createScheduler({ db: t.db, clock, log: recordingLog().log });
    let calls = 0;
    s.add({ name, everyMs: MINUTE, leaseMs: 10 * MINUTE, run: async () => void (calls += 1) });
    // The first tick creates the row and runs once; then "instance x" claims the next period and dies.
    await s.tick();
    clock.advance(MINUTE);
    expect(await claimDueJobs(t.db, [{ name, leaseMs: 10 * MINUTE }], 'x:crashed', clock.now())).toHaveLength(
      1,
    );
    clock.advance(5 * MINUTE);
    expect(await s.tick()).toEqual([]);
    clock.advance(5 * MINUTE);
    expect(await s.tick()).toEqual([name]);
    expect(calls).toBe(2);
  });

  it('survives a database it cannot reach: the tick logs once and returns', async () => {
    const dead = new Kysely<DB>({
      dialect: new PostgresDialect({
        // Port 1 on loopback: nothing listens there, the connection is refused at once.
        pool: new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', max: 1 }),
      }),
    });
    pools.push(dead);
    const { log, lines } = recordingLog();
    const s = createScheduler({ db: dead, clock: manualClock(), log });
    let calls = 0;
    s.add({ name: uniqueName('outage'), everyMs: MINUTE, run: async () => void (calls += 1) });
    await expect(s.tick()).resolves.toEqual([]);
    await expect(s.tick()).resolves.toEqual([]);
    expect(calls).toBe(0);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(1);
    expect(lines[0]?.msg).toContain('cannot reach the database');
  });

  it('does not hold other jobs up while a long run is in progress, nor start it twice', async () => {
    const clock = manualClock(new Date('2026-11-23T10:00:00Z'));
    const s = createScheduler({ db: t.db, clock, log: recordingLog().log });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let longRuns = 0;
    let shortRuns = 0;
    const long = uniqueName('long');
    const short = uniqueName('short');
    s.add({
      name: long,
      everyMs: MINUTE,
      run: async () => {
        longRuns += 1;
        await gate;
      },
    });
    s.add({ name: short, everyMs: MINUTE, run: async () => void (shortRuns += 1) });
    const first = s.tick();
    // Two periods later the long run is still going: the short job runs, the long one is not started again.
    await expect.poll(() => longRuns).toBe(1);
    clock.advance(2 * MINUTE);
    expect(await s.tick()).toEqual([short]);
    expect(shortRuns).toBe(2);
    release();
    expect((await first).sort()).toEqual([long, short].sort());
    expect(longRuns).toBe(1);
  });

  it('aborts the runs in progress on stop() and waits for them', async () => {
    const s = createScheduler({ db: t.db, clock: manualClock(), log: recordingLog().log });
    let aborted = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    s.add({
      name: uniqueName('stop'),
      everyMs: MINUTE,
      run: ({ signal }) =>
        new Promise<void>((resolve) => {
          started();
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve();
          });
        }),
    });
    const tick = s.tick();
    await running;
    await s.stop();
    expect(aborted).toBe(true);
    await tick;
    expect(await s.tick()).toEqual([]);
  });

  it('refuses a bad or duplicate job definition', () => {
    const s = createScheduler({ db: t.db, clock: manualClock(), log: recordingLog().log });
    const run = async () => undefined;
    expect(() => s.add({ name: 'Bad Name', everyMs: MINUTE, run })).toThrow(/lower-case/);
    expect(() => s.add({ name: 'ok.zero', everyMs: 0, run })).toThrow(/period/);
    s.add({ name: 'ok.job', everyMs: MINUTE, run });
    expect(() => s.add({ name: 'ok.job', everyMs: MINUTE, run })).toThrow(/already/);
  });

  it('trigger() makes a job due now and runs it', async () => {
    const clock = manualClock(new Date('2026-11-23T10:00:00Z'));
    const s = createScheduler({ db: t.db, clock, log: recordingLog().log });
    const name = uniqueName('trigger');
    let calls = 0;
    s.add({ name, everyMs: 60 * MINUTE, run: async () => void (calls += 1) });
    await s.tick();
    clock.advance(MINUTE);
    expect(await s.tick()).toEqual([]);
    expect(await s.trigger(name)).toEqual([name]);
    expect(calls).toBe(2);
  });
});

describe('the app and its scheduler', () => {
  it('starts the scheduler when ready (JOBS_ENABLED) and stops it on close', async () => {
    if (t.config.database.mode !== 'postgres') return;
    const config = { ...t.config, jobs: { enabled: true, pollMs: 60_000 } };
    const app = await buildApp({ config, db: secondInstance() });
    const name = uniqueName('app');
    let ran!: () => void;
    const first = new Promise<void>((resolve) => (ran = resolve));
    app.jobs.add({ name, everyMs: MINUTE, run: async () => ran() });
    await app.ready();
    // start() polls at once: the job is due on its first poll.
    await first;
    await app.close();
    expect(() =>
      app.jobs.add({ name: uniqueName('late'), everyMs: MINUTE, run: async () => undefined }),
    ).toThrow();
    await expect(app.jobs.tick()).resolves.toEqual([]);
  });

  it('leaves the scheduler off in the tests’ apps (JOBS_ENABLED=false)', () => {
    expect(t.config.jobs.enabled).toBe(false);
  });
});
