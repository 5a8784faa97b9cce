/**
 * Start-up tasks that need the database: run once per start, after migrations, before the server listens.
 * Each is idempotent. Seeds of reference data (price lists) register here too.
 */
import type { FastifyInstance } from 'fastify';
import { ensureAdmin } from './admin.js';
import { seedCatalogs } from './catalog.js';

export async function runStartupTasks(app: FastifyInstance): Promise<void> {
  const admin = await ensureAdmin(app);
  switch (admin.action) {
    case 'default-created':
      // Printed, not only logged: the person who ran the start command needs these to sign in.
      console.info(
        `\n  Default admin created: ${admin.email} / ${admin.password}\n  (also written to ${admin.file})\n`,
      );
      break;
    case 'missing':
      app.log.warn('No administrator exists: set ADMIN_EMAIL and ADMIN_PASSWORD to create one.');
      break;
    default:
      app.log.info({ admin: admin.action }, 'admin bootstrap');
  }
  const seeded = await seedCatalogs(app);
  app.log.info({ items: seeded }, 'catalog price lists seeded');
}
