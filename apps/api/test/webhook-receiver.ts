/**
 * A local webhook receiver for the webhook tests: a real HTTP server on a loopback port that records every POST
 * (raw body and headers) and answers the statuses it is told (`answers`, then `fallback`). `next(n)` waits for the
 * n-th request without a sleep.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

export async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const state = { fallback: 200 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.statusCode = answers.shift() ?? state.fallback;
      res.end('ok');
      for (const w of waiting.filter((x) => received.length >= x.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    state,
    /** Resolves once `count` requests arrived in all. */
    next: (count: number) =>
      received.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
