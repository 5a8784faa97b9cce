import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_COST, setHashCostForTests, verifyPassword } from './password.js';

describe('password hashing', () => {
  // The suite's set-up file makes hashing cheap for the other tests; this one checks the production cost.
  beforeAll(() => setHashCostForTests(PASSWORD_HASH_COST));

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Correct-horse-1');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('Correct-horse-1');
    await expect(verifyPassword('Correct-horse-1', hash)).resolves.toBe(true);
    await expect(verifyPassword('Correct-horse-2', hash)).resolves.toBe(false);
  });
  it('salts every hash and rejects malformed stored values', async () => {
    const [a, b] = await Promise.all([hashPassword('Same-pass-1'), hashPassword('Same-pass-1')]);
    expect(a).not.toBe(b);
    await expect(verifyPassword('x', 'plaintext')).resolves.toBe(false);
  });
});
