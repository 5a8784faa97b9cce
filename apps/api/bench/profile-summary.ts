/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. BENCH_CPU_PROF=<dir> pnpm bench): self time by package
 * (node_modules/<name>, node: internals, our src/) and the heaviest functions, so a change to the hot path starts
 * from where the time goes rather than from a guess.
 * Run: node --import tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** Where a frame's code lives: a package name, our own source folder, or V8/node internals. */
function area(url: string): string {
  if (!url) return '(native / V8)';
  if (url.startsWith('node:')) return url.split('/')[0] ?? url;
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  const ours = /\/(apps|packages|tooling)\/([^/]+)\/(src|bench|dist)\//.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}/${ours[3]}`;
  return url;
}

const node = (id: number) => {
  const found = byId.get(id);
  if (!found) throw new Error(`the profile has no node ${id}`);
  return found;
};
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self]
  .filter(([id]) => node(id).callFrame.functionName === '(idle)')
  .reduce((a, [, t]) => a + t, 0);
const busy = total - idle;

const add = (map: Map<string, number>, key: string, t: number) => map.set(key, (map.get(key) ?? 0) + t);
const areas = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, t] of self) {
  const { functionName, url, lineNumber } = node(id).callFrame;
  if (functionName === '(idle)') continue;
  add(areas, area(url), t);
  add(functions, `${functionName || '(anonymous)'}  ${area(url)}${url ? `:${lineNumber + 1}` : ''}`, t);
}

const pct = (t: number) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
const print = (title: string, map: Map<string, number>) => {
  console.info(`\n${title}`);
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([k, t]) => console.info(`  ${pct(t)}  ${k}`));
};
console.info(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (shares below are of busy time)`,
);
print('Self time by area', areas);
print('Self time by function', functions);
