/**
 * Micro-benchmark: quote() calls per second on a print-book-shaped configuration (five lines, varying pages and
 * quantity so no call is the same twice in a row). Target: ≥ 1,000,000 calls/s. Run: `pnpm bench`.
 */
import { performance } from 'node:perf_hooks';
import { quote, type QuoteLine } from '../src/quote.js';

const lines: QuoteLine[] = [
  { priceUnits: 17_100, perPage: false }, // Perfect Bound 1.71
  { priceUnits: 100, perPage: true }, // Standard Black & White 0.01
  { priceUnits: 100, perPage: true }, // 60# White-Uncoated 0.01
  { priceUnits: 1_000, perPage: false }, // Gloss 0.10
  { priceUnits: 0, perPage: false }, // trim size surcharge
];

function run(iterations: number): { perSecond: number; checksum: number } {
  let checksum = 0;
  const start = performance.now();
  for (let i = 0; i < iterations; i += 1) {
    const q = quote({ lines, pageCount: 32 + (i % 700), quantity: 1 + (i % 1500) });
    // Read every part of the result, so the engine cannot skip building any of it.
    checksum +=
      (q.totalCents +
        q.costPerBookCents +
        (q.tiers[3]?.costPerBookCents ?? 0) +
        (q.discount?.amountCents ?? 0)) %
      7;
  }
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: iterations / seconds, checksum };
}

run(200_000); // warm up the JIT
const samples = [run(1_000_000), run(1_000_000), run(1_000_000)];
const best = Math.max(...samples.map((s) => s.perSecond));
const median = samples.map((s) => s.perSecond).sort((a, b) => a - b)[1] ?? best;
console.info(
  `quote(): median ${Math.round(median).toLocaleString('en-US')} calls/s, best ${Math.round(best).toLocaleString('en-US')} calls/s (target ≥ 1,000,000)`,
);
console.info(`checksum ${samples.reduce((s, x) => s + x.checksum, 0)}`);
if (median < 1_000_000) process.exitCode = 1;
