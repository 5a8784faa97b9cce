/** Timed requests over one kept-alive loopback connection: the server's time to answer, and the bytes it sent. */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface Timed {
  ms: number;
  status: number;
  /** Bytes of the body on the wire (compressed when the server compressed it). */
  bytes: number;
  encoding: string;
}

export function timedGet(url: string, headers: Record<string, string> = {}): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          status: res.statusCode ?? 0,
          bytes,
          encoding: res.headers['content-encoding'] ?? 'identity',
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

export interface Figure {
  /** Median and 95th percentile of `samples` timed requests, in ms. */
  median: number;
  p95: number;
  /** JSON bytes as sent without compression, and as sent to a browser (brotli or gzip). */
  rawBytes: number;
  wireBytes: number;
  encoding: string;
}

/** `warmup` requests, then `samples` timed ones as a browser asks (br, gzip); one more without compression. */
export async function measure(
  url: string,
  headers: Record<string, string>,
  samples = 30,
  warmup = 5,
): Promise<Figure> {
  const browser = { ...headers, 'accept-encoding': 'br, gzip' };
  for (let i = 0; i < warmup; i += 1) await check(url, browser);
  const times: number[] = [];
  let last = await check(url, browser);
  times.push(last.ms);
  for (let i = 1; i < samples; i += 1) {
    last = await check(url, browser);
    times.push(last.ms);
  }
  const raw = await check(url, { ...headers, 'accept-encoding': 'identity' });
  return {
    median: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    rawBytes: raw.bytes,
    wireBytes: last.bytes,
    encoding: last.encoding,
  };
}

async function check(url: string, headers: Record<string, string>) {
  const res = await timedGet(url, headers);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return res;
}
