/**
 * Periodic jobs that run once per period across every API instance, on PostgreSQL and on the embedded PGlite
 * alike (docs/decisions/0021). No queue library: a row per job in `job_schedules`, and one atomic UPDATE claims
 * each due run (jobs.repository.ts `claimDueJobs`), so two instances polling at the same moment run it once.
 *
 * A job is a plain async function of its own dependencies (db, clock, gateways, mailer…), wrapped in a Job with
 * its name and period; tests call the function directly with a clock they control, or drive `tick()` here.
 * Faults are normal: a job that throws is logged and recorded (last_error) and runs again next period; a database
 * that cannot be reached makes a tick log and return, never crash the process.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { claimDueJobs, finishRun, makeDue, upsertSchedules, type ClaimedRun } from './jobs.repository.js';

/** What a job gets for one run. */
export interface JobRun {
  /** The scheduler's clock at the claim. */
  now: Date;
  /** Aborted when the app closes or the run's lease runs out: a long job should stop at the next safe point. */
  signal: AbortSignal;
}

export interface Job {
  /** Unique and stable (it is the row's key): 'orders.expire-unpaid'. */
  name: string;
  /** The period: one run per period across all instances. */
  everyMs: number;
  /**
   * How long a run may hold the job before another instance may run the next period (a crashed instance's
   * claim runs out). Default 10 minutes, at least the period.
   */
  leaseMs?: number;
  /** The work. May return a summary, logged at info when it says something happened. */
  run(run: JobRun): Promise<Record<string, unknown> | undefined> | Promise<void>;
}

/** The part of pino/Fastify's logger the scheduler uses. */
export interface JobLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  db: Kysely<DB>;
  clock: Clock;
  log: JobLogger;
  /** How often start() polls for due jobs. Default 5 s. */
  pollMs?: number;
  /** Names this instance in claims (logs, job_schedules.claim_id). Default host:pid. */
  instance?: string;
}

export interface Scheduler {
  /** Adds a job; allowed until start(). */
  add(job: Job): void;
  jobs(): readonly Job[];
  /** Claims and runs every due job not already running here; resolves when those runs have finished. */
  tick(): Promise<string[]>;
  /** Makes a job due now everywhere and ticks here (e.g. send the mail just written). */
  trigger(name: string): Promise<string[]>;
  /** Polls every pollMs until stop(). */
  start(): void;
  /** Stops polling, aborts the runs in progress and waits for them. */
  stop(): Promise<void>;
}

const DEFAULT_LEASE_MS = 10 * 60 * 1000;
const NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, clock, log } = options;
  const pollMs = options.pollMs ?? 5_000;
  const instance = options.instance ?? `${hostname()}:${process.pid}`;
  const registry = new Map<string, Job>();
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let synced = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  /** A poll's claim in progress (the poll does not wait for the runs it starts). */
  let polling = false;
  /** Log a failing database once per outage, not on every poll. */
  let outage = false;

  const leaseOf = (job: Job) => Math.max(job.leaseMs ?? DEFAULT_LEASE_MS, job.everyMs);

  async function runOne(job: Job, claim: ClaimedRun): Promise<void> {
    const lease = new AbortController();
    const leaseTimer = setTimeout(
      () => lease.abort(new Error(`lease of ${leaseOf(job)} ms ran out`)),
      leaseOf(job),
    );
    leaseTimer.unref();
    const signal = AbortSignal.any([stopping.signal, lease.signal]);
    const t0 = performance.now();
    let error: string | undefined;
    try {
      const summary = await job.run({ now: claim.startedAt, signal });
      const ms = Math.round(performance.now() - t0);
      if (summary && Object.values(summary).some((v) => v !== 0 && v !== undefined && v !== null)) {
        log.info({ job: job.name, ms, ...summary }, 'job ran');
      } else log.debug({ job: job.name, ms }, 'job ran');
    } catch (err) {
      error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      log.error({ err, job: job.name }, 'job failed; it runs again next period');
    } finally {
      clearTimeout(leaseTimer);
    }
    try {
      await finishRun(db, claim, clock.now(), error);
    } catch (err) {
      // The lease runs out on its own; the next period is already scheduled.
      log.warn({ err, job: job.name }, 'could not record the end of a job run');
    }
  }

  /** Claims the due jobs not running here and starts them; `done` settles when those runs have finished. */
  async function claimAndStart(): Promise<{ names: string[]; done: Promise<unknown> }> {
    const none = { names: [], done: Promise.resolve() };
    if (stopping.signal.aborted || registry.size === 0) return none;
    const now = clock.now();
    let claimed: ClaimedRun[];
    try {
      if (!synced) {
        await upsertSchedules(
          db,
          [...registry.values()].map((j) => ({ name: j.name, everyMs: j.everyMs })),
          now,
        );
        synced = true;
      }
      const idle = [...registry.values()].filter((j) => !running.has(j.name));
      claimed = await claimDueJobs(
        db,
        idle.map((j) => ({ name: j.name, leaseMs: leaseOf(j) })),
        `${instance}:${randomUUID()}`,
        now,
      );
      if (outage) log.info({}, 'job scheduler reaches the database again');
      outage = false;
    } catch (err) {
      if (!outage) log.error({ err }, 'job scheduler cannot reach the database; retrying every poll');
      outage = true;
      return none;
    }
    const runs = claimed.map((claim) => {
      const job = registry.get(claim.name);
      // Claims are made only for registered names (claimDue is given the registry's keys).
      if (!job) throw new Error(`claimed job ${claim.name} is not registered`);
      const promise = runOne(job, claim).finally(() => running.delete(job.name));
      running.set(job.name, promise);
      return promise;
    });
    return { names: claimed.map((c) => c.name), done: Promise.all(runs) };
  }

  // Claims are made one at a time per instance (a second caller waits for the first claim, then makes its own).
  let claims: Promise<unknown> = Promise.resolve();
  const claimInTurn = () => {
    const next = claims.then(claimAndStart, claimAndStart);
    claims = next.catch(() => undefined);
    return next;
  };

  async function tick(): Promise<string[]> {
    const { names, done } = await claimInTurn();
    await done;
    return names;
  }

  return {
    add(job) {
      if (started) throw new Error(`Job ${job.name} added after the scheduler started`);
      if (!NAME.test(job.name))
        throw new Error(`Job name ${job.name} must be lower-case words joined by . or -`);
      if (registry.has(job.name)) throw new Error(`Job ${job.name} is already registered`);
      if (!(job.everyMs >= 1)) throw new Error(`Job ${job.name} needs a period of at least 1 ms`);
      registry.set(job.name, job);
    },
    jobs: () => [...registry.values()],
    tick,
    async trigger(name) {
      if (!registry.has(name)) throw new Error(`No job named ${name}`);
      try {
        await makeDue(db, name, clock.now());
      } catch (err) {
        log.warn({ err, job: name }, 'could not make a job due now');
      }
      return tick();
    },
    start() {
      if (started) return;
      started = true;
      // A long run never delays the other jobs: the poll waits only for its claim, not for the runs it starts.
      const poll = () => {
        if (polling) return;
        polling = true;
        void claimInTurn().finally(() => {
          polling = false;
        });
      };
      timer = setInterval(poll, pollMs);
      // Never keeps the process alive on its own.
      timer.unref();
      poll();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping.abort(new Error('scheduler stopped'));
      await Promise.allSettled([claims, ...running.values()]);
      // A claim that was in flight may have started runs.
      await Promise.allSettled([...running.values()]);
    },
  };
}
