/**
 * The client's IP behind the deployment's proxy (docs/decisions/0023). With TRUST_PROXY=1 (one nginx in front)
 * the API believes only the last X-Forwarded-For entry, the one its own proxy wrote: whatever a client puts in
 * the header itself changes nothing, so the per-IP limits still bite. Before, TRUST_PROXY=true believed the first
 * entry, which the client chooses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AUTH_LIMITS } from '#plugins/app/users/auth-rate-limits.js';
import { json, request, setupTestApp } from '../helper.js';

const t = setupTestApp({
  env: { TRUST_PROXY: '1' },
  register: (app) => app.get('/api/_probe/ip', async (req) => ({ ip: req.ip })),
});
/** What the probe answers: the client IP the API believed. */
const ProbeAnswer = z.object({ ip: z.string() });

const NGINX = '172.18.0.5';
const ipSeen = async (remoteAddress: string, forwardedFor?: string) =>
  json(
    await request(t, {
      method: 'GET',
      url: '/api/_probe/ip',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    }),
    ProbeAnswer,
  ).ip;

describe('TRUST_PROXY=1 (one proxy hop)', () => {
  it('takes the client from the entry its proxy added, never from what the client wrote', async () => {
    expect(await ipSeen(NGINX, '203.0.113.7')).toBe('203.0.113.7');
    // A client sending "X-Forwarded-For: 1.2.3.4" through a proxy that appends ($proxy_add_x_forwarded_for).
    expect(await ipSeen(NGINX, '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen(NGINX, '9.9.9.9, 8.8.8.8, 203.0.113.7')).toBe('203.0.113.7');
    // No proxy header: the socket's address.
    expect(await ipSeen(NGINX)).toBe(NGINX);
  });

  it('keeps the per-IP login limit biting whatever X-Forwarded-For a client invents', async () => {
    const client = '203.0.113.8';
    // The per-IP limit counts every attempt before the body is read: bodies that fail validation (400) are
    // attempts too, and cost no password hashing.
    const attempt = (n: number) =>
      request(t, {
        method: 'POST',
        url: '/api/users/login/',
        remoteAddress: NGINX,
        headers: { 'x-forwarded-for': `198.51.100.${n % 250}, ${client}` },
        payload: {},
      });
    for (let n = 0; n < AUTH_LIMITS.login.perIp.max; n++) expect((await attempt(n)).statusCode).toBe(400);
    expect((await attempt(999)).statusCode).toBe(429);
  });
});

describe('the shipped nginx config', () => {
  it('hands the API the address nginx saw, replacing any X-Forwarded-For the client sent', () => {
    const conf = readFileSync(
      join(import.meta.dirname, '../../../../deploy/nginx-spa.conf.template'),
      'utf8',
    );
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr;/);
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
  });
});
