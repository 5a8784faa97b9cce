/**
 * Makes sure an administrator exists, at every start (idempotent):
 * - ADMIN_EMAIL + ADMIN_PASSWORD set: that account exists and is an admin and verified. An existing account's
 *   password is left alone (changing the env must not silently reset a password someone may have changed).
 * - embedded mode without them: the first start creates admin@bindery.local with a random password, prints it
 *   and writes it to DATA_DIR/admin-credentials.txt (mode 0600). Later starts find an admin and do nothing.
 * - PostgreSQL mode without them and no admin: a warning; nobody can reach the admin area until one is set.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../lib/password.js';
import { ensurePrivateDir, writePrivateFile } from '../lib/private-fs.js';
import { countAdmins, findUserByEmail, insertUser, markAdminAndVerified } from '../plugins/app/users/users.repository.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@bindery.local';

export type AdminBootstrapResult =
  | { action: 'configured-created' | 'configured-promoted' | 'configured-unchanged'; email: string }
  | { action: 'default-created'; email: string; password: string; file: string }
  | { action: 'exists' | 'missing' };

export async function ensureAdmin(app: FastifyInstance): Promise<AdminBootstrapResult> {
  const { db, config } = app;
  if (config.admin) {
    const { email, password } = config.admin;
    let existing = await findUserByEmail(db, email);
    if (!existing) {
      try {
        await insertUser(db, {
          email,
          name: 'Administrator',
          password_hash: await hashPassword(password),
          is_admin: true,
          is_verified: true,
        });
        return { action: 'configured-created', email };
      } catch (error) {
        // Several instances starting at once on a new database all try to create it: one wins (unique e-mail),
        // the others find its account and carry on instead of failing their start.
        if ((error as { code?: string }).code !== '23505') throw error;
        existing = await findUserByEmail(db, email);
        if (!existing) throw error;
      }
    }
    if (existing.is_admin && existing.is_verified) return { action: 'configured-unchanged', email };
    await markAdminAndVerified(db, existing.id);
    return { action: 'configured-promoted', email };
  }
  if ((await countAdmins(db)) > 0) return { action: 'exists' };
  if (config.database.mode !== 'embedded') return { action: 'missing' };

  const password = `${randomBytes(9).toString('base64url')}-Aa1!`;
  await insertUser(db, {
    email: DEFAULT_ADMIN_EMAIL,
    name: 'Administrator',
    password_hash: await hashPassword(password),
    is_admin: true,
    is_verified: true,
  });
  await ensurePrivateDir(config.dataDir);
  const file = join(config.dataDir, 'admin-credentials.txt');
  await writePrivateFile(
    file,
    `Bindery default administrator (created ${new Date().toISOString()})\nemail: ${DEFAULT_ADMIN_EMAIL}\npassword: ${password}\n`,
  );
  return { action: 'default-created', email: DEFAULT_ADMIN_EMAIL, password, file };
}
