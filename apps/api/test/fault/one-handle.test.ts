/**
 * The freeze (ADR 0050): twenty customers save their books at once while no price list is cached (a fresh start,
 * then just after a staff price edit). Pricing inside upload-book's transaction used to load the list through the
 * app's own handle: on the embedded default (PGlite, one connection) that waited for good and every later request
 * behind it; on PostgreSQL with a small pool each save held one connection and waited for a second, and the burst
 * answered 503 once the pool's wait ran out. Here every save answers, none with a 503, within a bound, on both.
 * The PostgreSQL app has DATABASE_POOL_MAX=2 and the production connect timeout (3 s).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UploadBookResponse } from '@bindery/contracts/store/projects';
import { buildApp } from '#app.js';
import { runStartupTasks } from '#bootstrap/index.js';
import { parseEnv } from '#env.js';
import { catalogId, pendingUpload, printBookConfiguration } from '../checkout-fixtures.js';
import { TEST_JWT_SECRET } from '../constants.js';
import { answered, closeUnlessFrozen } from '../freeze.js';
import { createUser, json, privateDatabase, type TestContext } from '../helper.js';

const CUSTOMERS = 20;

function freezeScenario(mode: 'embedded' | 'postgres') {
  const t = {} as TestContext;
  let drop: () => Promise<void> = async () => undefined;
  let frozen = false;

  beforeAll(async () => {
    t.dataDir = await mkdtemp(join(tmpdir(), `bindery-one-handle-${mode}-`));
    const common = { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', JOBS_ENABLED: 'false' };
    if (mode === 'postgres') {
      const database = await privateDatabase();
      await database.db.destroy();
      drop = database.drop;
      t.config = parseEnv({
        ...common,
        DATABASE_URL: database.url ?? '',
        JWT_SECRET: TEST_JWT_SECRET,
        DATABASE_POOL_MAX: '2',
      });
    } else {
      t.config = parseEnv({ ...common, ADMIN_EMAIL: 'owner@example.test', ADMIN_PASSWORD: 'Corr3ct-horse!' });
    }
    // The app opens its own database as server.ts does (its pool of two on PostgreSQL).
    t.app = await buildApp({ config: t.config });
    await t.app.ready();
    t.db = t.app.db;
    if (mode === 'embedded') await runStartupTasks(t.app);
  }, 120_000);

  afterAll(async () => {
    await closeUnlessFrozen(t.app, frozen);
    await drop();
    if (t.dataDir) await rm(t.dataDir, { recursive: true, force: true });
  });

  it(`${CUSTOMERS} saves at once with no price list cached, then again after a price edit: all answer, no 503`, async () => {
    expect(t.config.database.mode).toBe(mode);
    if (t.config.database.mode === 'postgres') expect(t.config.database.poolMax).toBe(2);
    const configuration = await printBookConfiguration(t.db);
    const colour = await catalogId(t.db, 'calculator', 'interior_color', 'standard-color');
    const admin = await createUser(t, { is_admin: true });
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, async () => {
        const customer = await createUser(t);
        return { ...customer, upload: await pendingUpload(t.db, customer.user.id) };
      }),
    );
    expect(t.app.catalogCache.version, 'nothing has read the price list yet').toBeUndefined();

    const burst = async (what: string, projectIds?: number[]) => {
      const answers = await answered(
        what,
        Promise.all(
          customers.map((c, i) =>
            t.app.inject({
              method: 'POST',
              url: '/api/book/upload-book/',
              headers: c.auth,
              payload: {
                title: `Book ${i}`,
                category: 'Print Book',
                pdf_upload_id: c.upload,
                configuration,
                quantity: 1,
                ...(projectIds ? { project_id: projectIds[i], quantity: 2 } : {}),
              },
            }),
          ),
        ),
      ).catch((error: unknown) => {
        frozen = true;
        throw error;
      });
      expect(answers.map((r) => r.statusCode)).toEqual(customers.map(() => (projectIds ? 200 : 201)));
      return answers.map((r) => json(r, UploadBookResponse).project.id);
    };

    const ids = await burst('twenty saves on a cold start');

    const edit = await answered(
      'a staff price edit',
      t.app.inject({
        method: 'PUT',
        url: `/api/calculator/interior-color/${colour}/update/`,
        headers: admin.auth,
        payload: { price_per_page: '0.0311' },
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    await burst('twenty edits after a price edit', ids);
  }, 120_000);
}

describe('the freeze on the embedded default (PGlite, one connection)', () => {
  freezeScenario('embedded');
});

describe.skipIf(inject('pg').mode !== 'postgres')('the freeze on PostgreSQL with a pool of two', () => {
  freezeScenario('postgres');
});
