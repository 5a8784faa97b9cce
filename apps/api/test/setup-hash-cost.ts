/**
 * Set-up file of the API's vitest run (before every test file): new password hashes use a cheap scrypt cost
 * (N = 2^10, 1 MiB) where a test is not about hashing. Every hash keeps its cost, so verification is the
 * production code path; src/lib/password.test.ts puts the production cost back and checks it (ADR 0049).
 */
import { setHashCostForTests } from '#lib/password.js';

export const TEST_HASH_COST = { N: 2 ** 10, r: 8, p: 1 };

setHashCostForTests(TEST_HASH_COST);
