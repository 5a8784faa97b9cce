/**
 * Periodic jobs on the database (docs/decisions/0021): one row per job; a run is claimed by one atomic UPDATE that
 * moves next_run_at a period ahead and takes a lease (locked_until), so with several API instances each period
 * runs once. Frozen: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (c) => c.primaryKey())
    /** The period, written from the code's job definition at every start. */
    .addColumn('every_ms', 'bigint', (c) => c.notNull().check(sql`every_ms > 0`))
    .addColumn('next_run_at', 'timestamptz', (c) => c.notNull())
    /** A run holds the job until then; a crashed instance's claim runs out and the next period runs elsewhere. */
    .addColumn('locked_until', 'timestamptz')
    /** Which claim holds the lease (instance + random), so a late finish never clears another run's claim. */
    .addColumn('claim_id', 'text')
    .addColumn('last_started_at', 'timestamptz')
    .addColumn('last_finished_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .addColumn('runs', 'bigint', (c) => c.notNull().defaultTo(0))
    /** Failures in a row; 0 after a success. */
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
}
