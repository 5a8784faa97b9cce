/**
 * The root `pnpm start` runs the API through turbo, which (strict env mode) hands a task only the variables
 * turbo.json names. Runtime settings must reach the API without being part of any build's cache key: listed in
 * `globalPassThroughEnv`, never in `globalEnv` or a task's `env` (a new port would otherwise rebuild everything;
 * docs/decisions/0029).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './env.js';

interface TurboJson {
  globalEnv?: string[];
  globalPassThroughEnv?: string[];
  tasks: Record<string, { env?: string[]; passThroughEnv?: string[] }>;
}

const turbo = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../turbo.json', import.meta.url)), 'utf8'),
) as TurboJson;
const apiSettings = Object.keys(EnvSchema.shape);

describe('turbo.json and the API settings', () => {
  it('passes every API setting through to `turbo run start`', () => {
    const missing = apiSettings.filter((name) => !turbo.globalPassThroughEnv?.includes(name));
    expect(missing).toEqual([]);
  });

  it('keeps API settings out of every cache key', () => {
    const hashed = [
      ...(turbo.globalEnv ?? []),
      ...Object.values(turbo.tasks).flatMap((task) => task.env ?? []),
    ];
    expect(apiSettings.filter((name) => hashed.includes(name))).toEqual([]);
  });
});
