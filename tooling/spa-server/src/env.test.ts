import { describe, expect, it } from 'vitest';
import { parseSpaEnv } from './env.js';

const web = { name: 'web', portVar: 'WEB_PORT', defaultPort: 5173, dir: 'dist' };

describe('parseSpaEnv', () => {
  it('serves on loopback at the default port and proxies to the API on API_PORT', () => {
    expect(parseSpaEnv({}, web)).toMatchObject({
      host: '127.0.0.1',
      port: 5173,
      apiTarget: 'http://127.0.0.1:3000',
    });
    expect(parseSpaEnv({ WEB_PORT: '3701', API_PORT: '3700' }, web)).toMatchObject({
      port: 3701,
      apiTarget: 'http://127.0.0.1:3700',
    });
  });

  it('takes an API on another host', () => {
    expect(parseSpaEnv({ API_PROXY_TARGET: 'http://api.internal:8000/' }, web).apiTarget).toBe(
      'http://api.internal:8000',
    );
  });

  it('names every bad field, the app’s own port variable included', () => {
    expect(() =>
      parseSpaEnv({ WEB_PORT: 'abc', API_PORT: '70000', API_PROXY_TARGET: 'ftp://x' }, web),
    ).toThrow(
      /WEB_PORT: must be a port number[\s\S]*API_PORT: must be a port number[\s\S]*API_PROXY_TARGET: must be an http\(s\) URL/,
    );
  });
});
