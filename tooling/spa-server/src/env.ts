/**
 * The SPA server's settings, read once at start: where its build is, which port it serves (WEB_PORT or
 * ADMIN_PORT, as the Vite config names them), and where the API is (API_PORT, or API_PROXY_TARGET for an API on
 * another host). Bad values stop the start with one line per field.
 */
import { resolve } from 'node:path';

export interface SpaApp {
  /** "web" or "admin": named in the start-up line. */
  name: string;
  /** The environment variable of this app's port, and its default. */
  portVar: string;
  defaultPort: number;
  /** The build's output directory. */
  dir: string;
}

export interface SpaServerConfig {
  name: string;
  dir: string;
  host: string;
  port: number;
  /** Origin of the API the server proxies /api to. */
  apiTarget: string;
}

// Four plain values, checked by hand: zod alone would add a third to this server's start-up time.
const set = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

export function parseSpaEnv(env: Record<string, string | undefined>, app: SpaApp): SpaServerConfig {
  const problems: string[] = [];
  const port = (name: string, fallback: number) => {
    const value = set(env[name]);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 65535)
      problems.push(`  - ${name}: must be a port number (1-65535)`);
    return n;
  };
  const ownPort = port(app.portVar, app.defaultPort);
  const apiPort = port('API_PORT', 3000);
  const target = set(env.API_PROXY_TARGET);
  if (target !== undefined && !/^https?:\/\/[^/]+/.test(target)) {
    problems.push('  - API_PROXY_TARGET: must be an http(s) URL');
  }
  if (problems.length > 0)
    throw new Error(`Invalid environment for the ${app.name} server:\n${problems.join('\n')}`);
  return {
    name: app.name,
    dir: resolve(app.dir),
    host: set(env.SPA_HOST) ?? '127.0.0.1',
    port: ownPort,
    apiTarget: (target ?? `http://127.0.0.1:${apiPort}`).replace(/\/+$/, ''),
  };
}

/** The process environment, read in this one place. */
export const processEnv = (): Record<string, string | undefined> => process.env;
