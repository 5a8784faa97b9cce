/**
 * Not a test of the app: the fixture of src/testing/__tests__/unhandled-request.test.ts, which runs this file in a
 * vitest of its own (BINDERY_FIXTURE=unhandled-request) and expects it to FAIL. Skipped in the normal run.
 */
import { describe, expect, it } from 'vitest';

describe.runIf(process.env.BINDERY_FIXTURE === 'unhandled-request')(
  'a request no msw handler answers',
  () => {
    it('fails the test even when the code under test swallows the network error', async () => {
      // What a query with its own error state does: the failure is caught and shown, the test would pass.
      const outcome = await fetch('/api/no-handler-here/').then(
        () => 'answered',
        () => 'network error',
      );
      expect(outcome).toBe('network error');
    });
  },
);
