/**
 * Password hashing with scrypt (memory-hard, in node:crypto: no native build step).
 * Stored as `scrypt$N$r$p$salt$hash` (base64url) so the cost can be raised later and old hashes still verify.
 * N=2^15, r=8 → 32 MiB per hash, about 50–100 ms here: slow for an attacker, fine for a login.
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** The production cost. Stored with every hash, so verification always uses the cost a hash was made with. */
export const PASSWORD_HASH_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEYLEN = 32;

let cost: { N: number; r: number; p: number } = PASSWORD_HASH_COST;
let dummy: Promise<string> | undefined;

/**
 * Test suites only (the API's vitest set-up file): a cheaper cost for new hashes where a test is not about
 * hashing, so a hundred logins do not spend a minute of CPU. Production never calls it; password.test.ts puts the
 * production cost back and checks it (ADR 0049).
 */
export function setHashCostForTests(next: { N: number; r: number; p: number }): void {
  cost = next;
  dummy = undefined;
}

function derive(
  password: string,
  salt: Buffer,
  options: ScryptOptions & { N: number; r: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEYLEN,
      { ...options, maxmem: 128 * options.N * options.r * 2 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const key = await derive(password, salt, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check of a password against a stored hash. False for malformed hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of a random password, verified against when a login names an unknown e-mail, so a wrong e-mail
 * costs the same time as a wrong password (no account enumeration by timing).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
