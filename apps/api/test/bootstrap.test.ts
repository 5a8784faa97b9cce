/**
 * Start-up tasks when several API instances start at once on one database (docker-compose replicas): the
 * configured admin is created once, and every instance's start succeeds.
 */
import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '#bootstrap/admin.js';
import { setupTestApp } from './helper.js';

const t = setupTestApp({
  env: { ADMIN_EMAIL: 'race-admin@example.test', ADMIN_PASSWORD: 'Race-Admin-pass1!' },
});

describe('ensureAdmin', () => {
  it('creates the configured admin once when instances race, and none of them fails', async () => {
    const results = await Promise.all([ensureAdmin(t.app), ensureAdmin(t.app), ensureAdmin(t.app)]);
    expect(results.map((r) => r.action).sort()).toEqual([
      'configured-created',
      'configured-unchanged',
      'configured-unchanged',
    ]);
    const admins = await t.db
      .selectFrom('users')
      .select('email')
      .where('email', '=', 'race-admin@example.test')
      .execute();
    expect(admins).toHaveLength(1);
  });
});
