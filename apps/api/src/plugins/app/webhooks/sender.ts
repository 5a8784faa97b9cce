/**
 * One signed POST of a webhook (docs/decisions/0076): JSON body, `Bindery-Signature`, a 10 s limit for the whole
 * exchange, redirects not followed (a 3xx is a failure: a redirect could point inside), at most 4 KiB of the answer
 * read. The address connected to is checked (target-guard.ts) unless private targets are allowed. Never throws:
 * the outcome says what happened.
 */
import http from 'node:http';
import https from 'node:https';
import { SIGNATURE_HEADER } from '@bindery/contracts/store/webhooks';
import { guardedLookup, hostOf, isIpLiteral, isPublicAddress, PrivateTargetError } from './target-guard.js';
import { signatureOf } from './signing.js';

export interface SendOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

export const SEND_TIMEOUT_MS = 10_000;

export function sendSigned(
  target: string,
  body: string,
  secret: string,
  now: Date,
  allowPrivate: boolean,
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      resolve({ ok: false, status: null, error: 'invalid URL' });
      return;
    }
    if (!allowPrivate && isIpLiteral(url) && !isPublicAddress(hostOf(url))) {
      resolve({ ok: false, status: null, error: new PrivateTargetError(url.hostname, hostOf(url)).message });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(allowPrivate),
        timeout: SEND_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Bindery-Webhooks/1',
          [SIGNATURE_HEADER]: signatureOf(secret, Math.floor(now.getTime() / 1000), body),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 4096) response.destroy();
        });
        const done = () => {
          clearTimeout(whole);
          const ok = status >= 200 && status < 300;
          resolve({ ok, status, error: ok ? null : `HTTP ${status}` });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const whole = setTimeout(() => request.destroy(new Error('timed out')), SEND_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (err) => {
      clearTimeout(whole);
      resolve({ ok: false, status: null, error: err.message.slice(0, 500) });
    });
    request.end(body);
  });
}
