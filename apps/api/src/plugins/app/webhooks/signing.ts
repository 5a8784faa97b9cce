/**
 * The webhook's signature (docs/decisions/0076), as Stripe signs: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">` with the endpoint's secret. A receiver recomputes it over the raw body, compares in constant time
 * and refuses a `t` older than a few minutes (replays).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const signatureOf = (secret: string, unixSeconds: number, body: string): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;

/** What a receiver does (used by the tests and shown in the docs): true when one v1 matches and t is fresh. */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = header.split(',').map((p) => p.split('=') as [string, string | undefined]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, t, body).split('v1=')[1] ?? '', 'hex');
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** A new endpoint's secret: `whsec_` and 32 random bytes in base64url. */
export const newEndpointSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;
