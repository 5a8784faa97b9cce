/**
 * All SQL of the job scheduler (docs/decisions/0021). The times are the scheduler's clock, passed in, so tests
 * move time without waiting; every statement is a single UPDATE/INSERT, atomic on its own.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Makes sure every job has its row and the code's period. A new job is due at once; a shortened period pulls an
 * existing job's next run in, a longer one takes effect after the next run.
 */
export async function upsertSchedules(
  db: Db,
  jobs: { name: string; everyMs: number }[],
  now: Date,
): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insertInto('job_schedules')
    .values(jobs.map((j) => ({ name: j.name, every_ms: j.everyMs, next_run_at: now })))
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        every_ms: (eb) => eb.ref('excluded.every_ms'),
        next_run_at: sql`least(job_schedules.next_run_at, ${now}::timestamptz + excluded.every_ms * interval '1 millisecond')`,
      }),
    )
    .execute();
}

export interface ClaimedRun {
  name: string;
  claimId: string;
  /** When the claim was taken (the scheduler's clock). */
  startedAt: Date;
}

/**
 * Claims every due job among `jobs` that no one holds, in ONE statement: its next run moves a period ahead and it
 * is leased to `claimId` until now + lease. Two instances running this at the same moment: PostgreSQL re-checks
 * the WHERE clause on each row the other one just updated, so each due row is claimed by exactly one of them.
 */
export async function claimDueJobs(
  db: Db,
  jobs: { name: string; leaseMs: number }[],
  claimId: string,
  now: Date,
): Promise<ClaimedRun[]> {
  if (jobs.length === 0) return [];
  const values = sql.join(jobs.map((j) => sql`(${j.name}::text, ${j.leaseMs}::bigint)`));
  const result = await sql<{ name: string }>`
    update job_schedules as j
    set next_run_at = ${now}::timestamptz + j.every_ms * interval '1 millisecond',
        locked_until = ${now}::timestamptz + v.lease_ms * interval '1 millisecond',
        claim_id = ${claimId},
        last_started_at = ${now}::timestamptz,
        runs = j.runs + 1
    from (values ${values}) as v (name, lease_ms)
    where j.name = v.name
      and j.next_run_at <= ${now}::timestamptz
      and (j.locked_until is null or j.locked_until <= ${now}::timestamptz)
    returning j.name
  `.execute(db);
  return result.rows.map((r) => ({ name: r.name, claimId, startedAt: now }));
}

/** Releases a claim with its outcome. A claim that ran out and was taken by another run is left alone. */
export async function finishRun(
  db: Db,
  run: ClaimedRun,
  now: Date,
  error: string | undefined,
): Promise<void> {
  await db
    .updateTable('job_schedules')
    .set({
      locked_until: null,
      claim_id: null,
      last_finished_at: now,
      ...(error === undefined
        ? { last_error: null, failures: 0 }
        : { last_error: error.slice(0, 2000), last_error_at: now, failures: sql`failures + 1` }),
    })
    .where('name', '=', run.name)
    .where('claim_id', '=', run.claimId)
    .execute();
}

/** Makes a job due now (e.g. after a write that its run should pick up soon); the next tick of any instance runs it. */
export async function makeDue(db: Db, name: string, now: Date): Promise<void> {
  await db
    .updateTable('job_schedules')
    .set({ next_run_at: now })
    .where('name', '=', name)
    .where('next_run_at', '>', now)
    .execute();
}

export type JobScheduleRow = Awaited<ReturnType<typeof listSchedules>>[number];

export async function listSchedules(db: Db) {
  return db.selectFrom('job_schedules').selectAll().orderBy('name').execute();
}
