/**
 * The shape of the code (docs/decisions/0018-domain-modules.md), read from the source files:
 * - a domain module (every file under src/plugins/app/<domain>/ but its *.plugin.ts wiring) never imports Fastify
 *   and never refuses with an HTTP error (`app.httpErrors`, ApiProblem, ProjectProblem): it throws DomainError,
 *   so a job or a script can call it with a Kysely instance and nothing else;
 * - no import loop anywhere in src (type-only imports count: an interface belongs apart from the implementations
 *   that import it — the mail folder's loop).
 * The one exception list is explicit: an adapter is Fastify-facing by design (it reads a request or writes a
 * reply). Every service and repository is converted; none is excused.
 * - no code holding a transaction takes another database handle (ADR 0050; the rule is in transaction-handles.ts);
 * - a domain module imports no other module's repository: it asks that module's service (ADR 0056);
 * - mail leaves through the outbox only: nothing outside src/plugins/app/mail/ calls the Mailer (ADR 0068).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { handleOffences } from './transaction-handles.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const DOMAINS = join(SRC, 'plugins/app');

/** Fastify-facing by design, with the reason. */
const ADAPTERS: Record<string, string> = {
  'users/auth-rate-limits.ts': 'the sign-in limits as route hooks: reads the request, refuses with 429',
  'users/refresh-cookie.ts': 'reads and sets the refresh cookie on the request and reply',
};

function tsFiles(dir: string, withTests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path, withTests);
    return entry.name.endsWith('.ts') && (withTests || !entry.name.endsWith('.test.ts')) ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports, `import type` included. */
function importsOf(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\b[^'";]*?\bfrom\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return specifiers.map((m) => m[1] ?? '');
}

/** The file of src/ a specifier names: relative, or through package.json's `#*.js` → `src/*.ts` (ADR 0044). */
function localFile(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('#')) return join(SRC, specifier.slice(1)).replace(/\.js$/, '.ts');
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier).replace(/\.js$/, '.ts');
  return undefined;
}

/** What makes a domain file HTTP-bound, in words; none for a file that keeps the rule. */
function httpBindings(source: string): string[] {
  const found: string[] = [];
  const fastify = importsOf(source).filter((s) => s === 'fastify' || s === 'fastify-plugin');
  if (fastify.length > 0) found.push(`imports ${fastify.join(', ')}`);
  for (const name of ['httpErrors', 'ApiProblem', 'ProjectProblem']) {
    if (new RegExp(`\\b${name}\\b`).test(source)) found.push(`uses ${name}`);
  }
  return found;
}

const domainFiles = readdirSync(DOMAINS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => tsFiles(join(DOMAINS, entry.name)))
  .map((path) => relative(DOMAINS, path))
  .filter((path) => !path.endsWith('.plugin.ts'));

describe('domain modules (docs/decisions/0018)', () => {
  it('finds the modules it checks', () => {
    expect(domainFiles).toContain('orders/orders.service.ts');
    expect(domainFiles).toContain('mail/mailer.ts');
    for (const adapter of Object.keys(ADAPTERS)) expect(domainFiles).toContain(adapter);
  });

  it('no service or repository (or any other domain file) imports Fastify or throws an HTTP error', () => {
    const offenders = domainFiles
      .filter((path) => !(path in ADAPTERS))
      .map((path) => ({ path, found: httpBindings(readFileSync(join(DOMAINS, path), 'utf8')) }))
      .filter(({ found }) => found.length > 0)
      .map(({ path, found }) => `${path}: ${found.join('; ')}`);
    expect(offenders).toEqual([]);
  });
});

/** The domain module a file of src/ belongs to (`orders` for plugins/app/orders/…), if any. */
function moduleOf(file: string): string | undefined {
  const path = relative(DOMAINS, file);
  const [first, ...rest] = path.split(sep);
  return !path.startsWith('..') && rest.length > 0 ? first : undefined;
}

/** A domain file's imports of another module's repository (`../orders/orders.repository.js`), in words. */
function foreignRepositoryImports(file: string, source: string): string[] {
  const own = moduleOf(file);
  return importsOf(source).filter((specifier) => {
    const target = localFile(file, specifier);
    return target?.endsWith('.repository.ts') && moduleOf(target) !== undefined && moduleOf(target) !== own;
  });
}

describe('module boundaries (docs/decisions/0056)', () => {
  it("a domain module reads and writes through its own repository only; others' data through their service", () => {
    const offenders = domainFiles.flatMap((path) =>
      foreignRepositoryImports(join(DOMAINS, path), readFileSync(join(DOMAINS, path), 'utf8')).map(
        (specifier) => `${path}: ${specifier}`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('catches a repository import across modules, relative or through #', () => {
    const file = join(DOMAINS, 'payments/payments.service.ts');
    const source = `
      import { findOrder } from '../orders/orders.repository.js';
      import type { OrderRow } from '#plugins/app/orders/orders.repository.js';
      import { findOpenPayments } from './payments.repository.js';
      import { findPendingRefunds } from '#plugins/app/payments/refunds.repository.js';
      import type { OrdersModule } from '../orders/orders.service.js';`;
    expect(foreignRepositoryImports(file, source)).toEqual([
      '../orders/orders.repository.js',
      '#plugins/app/orders/orders.repository.js',
    ]);
  });
});

describe('imports', () => {
  it('src has no import loop (type-only imports included)', () => {
    const files = tsFiles(SRC);
    const graph = new Map(
      files.map((file) => [
        file,
        importsOf(readFileSync(file, 'utf8'))
          .map((s) => localFile(file, s))
          .filter((target) => target !== undefined),
      ]),
    );
    const loops: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      path.push(file);
      for (const next of graph.get(file) ?? []) {
        if (!graph.has(next)) continue;
        if (state.get(next) === 'open') {
          loops.push([...path.slice(path.indexOf(next)), next].map((f) => relative(SRC, f)).join(' → '));
        } else if (!state.has(next)) visit(next);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(graph.size).toBeGreaterThan(50);
    expect(loops).toEqual([]);
  });

  it('an import that would climb two folders, or reach src/ from test/ or bench/, goes through # (ADR 0044)', () => {
    const root = join(SRC, '..');
    const files = ['src', 'test', 'bench'].flatMap((dir) => tsFiles(join(root, dir), true));
    const outsideSrc = (file: string, s: string) =>
      !file.startsWith(SRC) && s.startsWith('.') && localFile(file, s)?.startsWith(SRC);
    const climbing = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((s) => s.startsWith('../../') || outsideSrc(file, s))
        .map((s) => `${relative(root, file)}: ${s}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(climbing).toEqual([]);
  });
});

describe('one database handle per transaction (ADR 0050)', () => {
  it('no transaction callback or …Within function in src reaches the database but through its transaction', () => {
    const files = tsFiles(SRC);
    const offences = files.flatMap((file) =>
      handleOffences(file, readFileSync(file, 'utf8')).map(
        (o) => `${relative(SRC, file)}:${o.line}: ${o.why}: ${o.text}`,
      ),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(offences).toEqual([]);
  });

  it('catches a handle taken inside a transaction, as upload-book and reorder did', () => {
    // The shape of upload-book before ADR 0050: the catalog (whose cache loads through the app's handle) awaited
    // inside the transaction.
    const uploadBook = `
      async function submit() {
        const outcome = await db.transaction().execute(async (trx) => {
          const uploads = await lockUsableUploads(trx, ids);
          const quote = await catalog.priceInCents(slug, selection);
          const options = configuration ? await optionNames(product, configuration) : none;
          return insertProject(trx, { quote, options });
        });
      }`;
    expect(handleOffences('upload-book.ts', uploadBook).map((o) => [o.line, o.why])).toEqual([
      [5, 'an await that does not go through the transaction (trx)'],
      [6, 'an await that does not go through the transaction (trx)'],
    ]);
    const handles = `
      class Cache { async load() { return this.db.transaction().setIsolationLevel('serializable').execute(async (tx) => {
        await readVersion(tx);
        void readRows(this.db);
      }); } }
      app.db.connection().execute((conn) => findUser(app.db, 1));
      async function payWithin(trx: Transaction<DB>, id: number) {
        await findOrder(db, id);
        const db2 = deps.db;
      }
      await db.transaction().execute(async (trx) => {
        // no database: hashing only
        const hash = await hashPassword(secret);
        await trx.insertInto('users').values({ hash }).execute();
      });`;
    expect(handleOffences('handles.ts', handles).map((o) => [o.line, o.why])).toEqual([
      [4, 'a database handle (….db) inside a transaction'],
      [6, 'a database handle (….db) inside a transaction'],
      [8, 'an await that does not go through the transaction (trx)'],
      [8, 'the outer `db` inside a transaction'],
      [9, 'a database handle (….db) inside a transaction'],
    ]);
  });

  it('reads a callback handed to a helper that runs it in its transaction (slots.settle, a rule held)', () => {
    // The shape of the uploads' settle: the helper opens the transaction, the callback is typed by its context.
    const settle = `
      const row = await slots.settle(slot, (trx) => insertUpload(trx, { id, size }));
      const other = await slots.settle(slot, (trx) => insertUpload(app.db, { id, size }));
      const cached = await slots.settle(slot, (tx) => catalog.priceList());
      await slots.settle(slot, async (trx) => {
        await lockAccount(trx, slot.userId);
        const prices = await catalog.priceList();
        return insertUpload(trx, { prices });
      });
      const rule = { held: (trx, userId) => countPendingUploads(db, userId) };
      // Not a transaction: a parameter with a written type, or another name.
      pages.map((page: Page) => fetchPage(db, page));
      lines.forEach((tx: number) => draw(db, tx));`;
    expect(handleOffences('uploads.service.ts', settle).map((o) => [o.line, o.why])).toEqual([
      [3, 'a database handle (….db) inside a transaction'],
      [4, 'a result that does not come through the transaction (tx)'],
      [7, 'an await that does not go through the transaction (trx)'],
      [10, 'the outer `db` inside a transaction'],
    ]);
  });
});

const MAIL = join(DOMAINS, 'mail');

/** How a file outside the mail folder would send mail past the outbox, in words; none when it keeps the rule. */
function directMailUses(source: string): string[] {
  const found = importsOf(source)
    .filter(
      (s) => s === 'nodemailer' || /\/mail\/(smtp-mailer|outbox-mailer|nodemailer-message)\.js$/.test(s),
    )
    .map((s) => `imports ${s}`);
  if (/\bimport\s+(?:type\s+)?\{[^}]*\bMailer\b[^}]*\}\s*from\s*['"][^'"]*\/mailer\.js['"]/.test(source))
    found.push('imports the Mailer');
  if (/\.mailer\b/.test(source)) found.push('reaches app.mailer');
  return found;
}

describe('one way out for mail (ADR 0068)', () => {
  it('nothing outside the mail folder calls the Mailer: every mail is written to the outbox', () => {
    const files = tsFiles(SRC).filter((file) => !file.startsWith(MAIL + sep));
    const offenders = files
      .map((file) => ({ file, found: directMailUses(readFileSync(file, 'utf8')) }))
      .filter(({ found }) => found.length > 0)
      .map(({ file, found }) => `${relative(SRC, file)}: ${found.join('; ')}`);
    expect(files.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });

  it('catches the direct sends the accounts and projects modules made before', () => {
    const accounts = `
      import type { Mailer, MailMessage } from '../mail/mailer.js';
      import type { OutboxMail } from '../mail/mail-outbox.js';
      export function createAccounts({ mailer }: { mailer: Mailer }) {}`;
    const plugin = `
      import { createSmtpMailer } from '#plugins/app/mail/smtp-mailer.js';
      createProjects({ sendMail: (message) => void app.mailer.send(message) });`;
    expect(directMailUses(accounts)).toEqual(['imports the Mailer']);
    expect(directMailUses(plugin)).toEqual([
      'imports #plugins/app/mail/smtp-mailer.js',
      'reaches app.mailer',
    ]);
    expect(directMailUses(`import type { MailMessage } from '../mail/mailer.js';`)).toEqual([]);
  });
});
