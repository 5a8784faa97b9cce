/** The plan PostgreSQL chooses for a Kysely query, as JSON text, for tests that a list is served by an index. */
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '#db/database.js';

export async function planOf(db: Kysely<DB>, query: { compile(): CompiledQuery }): Promise<string> {
  const compiled = query.compile();
  const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const [row] = result.rows;
  if (!row) throw new Error('explain returned no plan');
  return JSON.stringify(row['QUERY PLAN']);
}
