/**
 * The API key's text (docs/decisions/0076): `bnd_<mode>_<prefix>_<secret>`, mode `live` or `test`, prefix 12 hex
 * digits (6 random bytes: how a key is found and told apart), secret 32 random bytes in base64url (43 characters).
 * Only the SHA-256 of the secret is stored: a fast hash is enough for 256 random bits (nothing to guess), and the
 * comparison is constant-time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type KeyMode = 'live' | 'test';

export interface ParsedKey {
  mode: KeyMode;
  prefix: string;
  secret: string;
}

const KEY = /^bnd_(live|test)_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** The text after `Bearer ` when it is meant as an API key (starts `bnd_`), else undefined (a JWT, or nothing). */
export function bearerApiKey(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(bnd_\S*)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

export function parseKey(text: string): ParsedKey | undefined {
  const match = KEY.exec(text);
  if (!match) return undefined;
  const [, mode, prefix, secret] = match;
  if (!mode || !prefix || !secret) return undefined;
  return { mode: mode as KeyMode, prefix, secret };
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export function newKey(mode: KeyMode): { text: string; prefix: string; secretHash: string } {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { text: `bnd_${mode}_${prefix}_${secret}`, prefix, secretHash: hashSecret(secret) };
}
