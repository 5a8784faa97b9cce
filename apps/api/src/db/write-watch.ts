/**
 * Knows which tables this instance has written to, and when: a Kysely plugin on the app's database handle sees
 * every statement before and after it runs, and marks the tables an INSERT, UPDATE, DELETE or MERGE touches
 * (also inside a data-modifying CTE). A reader remembers a `mark()` and later asks `changedSince(mark, tables)`.
 * The list counts' cache (count-cache.ts) uses it to drop a count the moment this instance changes its rows,
 * whichever service or job did it: no write path has to remember to invalidate anything.
 *
 * - A table is marked before its statement runs and again when it has run, so a read that started while the write
 *   was running is not trusted either. What neither mark covers is the moment between a transaction's last
 *   statement and its COMMIT (microseconds; a plugin does not see the commit): a read begun exactly then is
 *   trusted until its own expiry. The count cache's TTL bounds that, as it bounds other instances' writes.
 * - Raw SQL (`sql\`…\``) that writes is not parsed for its tables: any raw statement with a write keyword marks
 *   every table. The application writes through the query builder; raw SQL is for reads and migrations.
 * - Cheap for reads: a SELECT without a WITH clause is not walked at all.
 * @see https://kysely.dev/docs/plugins
 */
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

export interface WriteWatch {
  /** Installed on the app's database handle (`db.withPlugin(watch.plugin)`). */
  readonly plugin: KyselyPlugin;
  /** A point in this instance's sequence of writes. */
  mark(): number;
  /** Has this instance written to any of `tables` since `mark`? */
  changedSince(mark: number, tables: readonly string[]): boolean;
}

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /\b(insert|update|delete|merge|truncate)\b/i;
/** Stands for "every table" (a raw statement that writes). */
const ANY = '*';

export function createWriteWatch(): WriteWatch {
  let sequence = 0;
  const lastWrite = new Map<string, number>();
  const pending = new WeakMap<object, readonly string[]>();

  const touch = (tables: readonly string[]) => {
    sequence += 1;
    for (const table of tables) lastWrite.set(table, sequence);
  };

  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const tables = writtenTables(node);
      if (tables.length > 0) {
        touch(tables);
        pending.set(queryId, tables);
      }
      return node;
    },
    transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const tables = pending.get(queryId);
      if (tables) {
        pending.delete(queryId);
        touch(tables);
      }
      return Promise.resolve(result);
    },
  };

  return {
    plugin,
    mark: () => sequence,
    changedSince(mark, tables) {
      if ((lastWrite.get(ANY) ?? 0) > mark) return true;
      return tables.some((table) => (lastWrite.get(table) ?? 0) > mark);
    },
  };
}

/** The tables a statement writes to ([] for a read); [ANY] for raw SQL that writes. */
export function writtenTables(node: RootOperationNode): string[] {
  if (node.kind === 'SelectQueryNode' && !node.with) return [];
  if (node.kind === 'RawNode') return RAW_WRITE.test(node.sqlFragments.join(' ')) ? [ANY] : [];
  const tables = new Set<string>();
  collect(node, false, tables);
  return [...tables];
}

/** Every table named inside a write node (its target, and whatever it reads: marking more is harmless). */
function collect(value: unknown, inWrite: boolean, tables: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, inWrite, tables);
    return;
  }
  if (typeof value !== 'object' || value === null || !('kind' in value)) return;
  const node = value as OperationNode & Record<string, unknown>;
  if (node.kind === 'RawNode') {
    const fragments = node.sqlFragments as readonly string[];
    if (RAW_WRITE.test(fragments.join(' '))) tables.add(ANY);
    return;
  }
  const writing = inWrite || WRITES.has(node.kind);
  if (writing && node.kind === 'TableNode') {
    const table = node.table as { identifier: { name: string } };
    tables.add(table.identifier.name);
    return;
  }
  for (const key of Object.keys(node)) if (key !== 'kind') collect(node[key], writing, tables);
}
