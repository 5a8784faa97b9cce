/**
 * The embedded default: with no DATABASE_URL the API runs on PGlite under DATA_DIR, migrates, creates the
 * default admin once (printing and saving the credentials), serves, and keeps its data across restarts.
 */
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HealthResponse } from '@bindery/contracts/store/health';
import { buildApp } from '#app.js';
import { ensureAdmin, DEFAULT_ADMIN_EMAIL } from '#bootstrap/admin.js';
import { runStartupTasks } from '#bootstrap/index.js';
import { parseEnv } from '#env.js';
import { createScheduler } from '#jobs/scheduler.js';
import { manualClock } from '#lib/clock.js';
import { verifyPassword } from '#lib/password.js';
import { findUserByEmail } from '#plugins/app/users/users.repository.js';
import { defined, json } from './helper.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('embedded PGlite mode', () => {
  it('migrates, bootstraps the default admin once, serves, and persists across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bindery-embedded-'));
    dirs.push(dataDir);
    // As an older version (or a default umask) would have left it.
    await chmod(dataDir, 0o755);
    const config = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(config.database).toEqual({ mode: 'embedded', dataDir: join(dataDir, 'pglite') });

    const app = await buildApp({ config });
    await app.ready();
    // Private on disk: DATA_DIR and the database 0700, every database file and the secrets 0600.
    const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(join(dataDir, 'jwt-secret'))).toBe(0o600);
    const pglite = join(dataDir, 'pglite');
    const modes = new Set<string>();
    for (const entry of await readdir(pglite, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() || entry.isDirectory())
        modes.add(
          `${entry.isDirectory() ? 'dir' : 'file'} ${(await modeOf(join(entry.parentPath, entry.name))).toString(8)}`,
        );
    }
    expect([...modes].sort()).toEqual(['dir 700', 'file 600']);
    expect(await modeOf(pglite)).toBe(0o700);

    const first = await ensureAdmin(app);
    expect(first.action).toBe('default-created');
    const credentials = await readFile(join(dataDir, 'admin-credentials.txt'), 'utf8');
    expect(credentials).toContain(`email: ${DEFAULT_ADMIN_EMAIL}`);
    expect((await stat(join(dataDir, 'admin-credentials.txt'))).mode & 0o777).toBe(0o600);
    const [, password = ''] = /password: (.+)/.exec(credentials) ?? [];
    const admin = defined(await findUserByEmail(app.db, DEFAULT_ADMIN_EMAIL), 'the default admin');
    expect(admin).toMatchObject({ is_admin: true, is_verified: true });
    await expect(verifyPassword(password, admin.password_hash)).resolves.toBe(true);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(json(health, HealthResponse).database).toMatchObject({ reachable: true, mode: 'embedded' });

    // Periodic jobs run on PGlite with the same SQL (docs/decisions/0021): one run per period.
    const clock = manualClock(new Date('2026-11-23T10:00:00Z'));
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    const schedulers = ['a', 'b'].map((instance) =>
      createScheduler({ db: app.db, clock, log: quiet, instance }),
    );
    let runs = 0;
    for (const s of schedulers)
      s.add({ name: 'test.embedded', everyMs: 60_000, run: async () => void (runs += 1) });
    await Promise.all(schedulers.flatMap((s) => [s.tick(), s.tick()]));
    expect(runs).toBe(1);
    clock.advance(60_000);
    await Promise.all(schedulers.flatMap((s) => [s.tick(), s.tick()]));
    expect(runs).toBe(2);
    await app.close();

    // Restart on the same directory: same data, no second admin, the same token secret.
    const again = await buildApp({ config: parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });
    await again.ready();
    expect(again.config.jwtSecret).toBe(config.jwtSecret);
    await runStartupTasks(again);
    const admins = await again.db.selectFrom('users').select('email').where('is_admin', '=', true).execute();
    expect(admins).toEqual([{ email: DEFAULT_ADMIN_EMAIL }]);
    await again.close();
  }, 120_000);

  it('creates or promotes the configured admin idempotently', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bindery-embedded-'));
    dirs.push(dataDir);
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'Boss@Example.test',
      ADMIN_PASSWORD: 'Adm1n-pass!',
    } as const;
    const app = await buildApp({ config: parseEnv(env) });
    await app.ready();
    expect(await ensureAdmin(app)).toEqual({ action: 'configured-created', email: 'Boss@Example.test' });
    expect(await ensureAdmin(app)).toEqual({ action: 'configured-unchanged', email: 'Boss@Example.test' });
    await app.db.updateTable('users').set({ is_admin: false, is_verified: false }).execute();
    expect((await ensureAdmin(app)).action).toBe('configured-promoted');
    const users = await app.db.selectFrom('users').select(['email', 'is_admin', 'is_verified']).execute();
    expect(users).toEqual([{ email: 'Boss@Example.test', is_admin: true, is_verified: true }]);
    await app.close();
  }, 120_000);
});
