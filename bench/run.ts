// `npm run bench`: every benchmark in one run against the sandbox, one table, BENCHMARKS.md.
// Figures are medians and ratios measured side by side in the same run: compare rows, not machines.
import { writeFile } from 'node:fs/promises';
import { SANDBOX_PRO_FULL_KEY } from '../src/sandbox/keys.js';
import { startSandbox } from '../src/sandbox/server.js';
import { benchColdStart } from './cold-start.js';
import { benchContextCost } from './context-cost.js';
import { benchFrameworks } from './frameworks.js';
import { benchMisses } from './misses.js';
import { benchOverhead } from './overhead.js';
import type { Upstream } from './processes.js';
import { benchQuota } from './quota.js';
import { benchReader } from './reader.js';
import { type Row, renderMarkdown, renderReasons, renderTable, row, thisMachine } from './report.js';
import { benchSandbox } from './sandbox-alone.js';
import { benchThroughput } from './throughput.js';
import { benchWatchlistListing } from './watchlist-listing.js';

const OUTPUT = new URL('../BENCHMARKS.md', import.meta.url);

const BENCHES: ReadonlyArray<[string, (upstream: Upstream) => Promise<Row[]>]> = [
  ['1 overhead', benchOverhead],
  ['2 quota', benchQuota],
  ['3+5 throughput & memory', benchThroughput],
  ['4 cold start', benchColdStart],
  ['6 context cost', benchContextCost],
  ['7 sandbox alone', benchSandbox],
  ['8 reader', benchReader],
  ['9 watchlist-listing', benchWatchlistListing],
  ['10 frameworks', benchFrameworks],
];

/** Parts run only when named: pieces of a part above, measured alone. */
const ON_REQUEST: ReadonlyArray<[string, (upstream: Upstream) => Promise<Row[]>]> = [
  ['misses (of 1 overhead)', benchMisses],
];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const started = performance.now();
  // The unlimited sandbox key: the run sends far more than a demo day's quota.
  const sandbox = await startSandbox({ port: 0 });
  const upstream: Upstream = {
    url: sandbox.url,
    key: SANDBOX_PRO_FULL_KEY,
    requestCount: sandbox.requestCount,
    requests: sandbox.requests,
  };
  const rows: Row[] = [];
  try {
    for (const [name, bench] of only.length ? [...BENCHES, ...ON_REQUEST] : BENCHES) {
      if (only.length && !only.some((o) => name.startsWith(o))) continue;
      const t0 = performance.now();
      process.stderr.write(`bench: ${name}…\n`);
      try {
        rows.push(...(await bench(upstream)));
      } catch (error) {
        rows.push(row(name, 'run', `failed: ${(error as Error).message}`, 'completes', false));
      }
      process.stderr.write(`bench: ${name} done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    }
  } finally {
    await sandbox.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const machine = thisMachine();
  console.log(renderTable(rows));
  for (const reason of renderReasons(rows)) console.log(`missed: ${reason}`);
  console.log(`\nwhole run: ${seconds.toFixed(1)} s (target < 300 s on 2 cores)`);
  if (only.length === 0) {
    await writeFile(OUTPUT, renderMarkdown(rows, machine, new Date(), seconds, NOTES));
    console.log(`written to ${OUTPUT.pathname}`);
  }
}

const NOTES = [
  'Against the local sandbox over loopback: a direct request costs far less than across a network, the least favourable case for the cache-hit ratio. Rows saying "upstream 30 ms away" use a sandbox delaying every answer by 30 ms (its latency fault), as an API across a network would.',
  'Every server runs on its default settings (images auto: no PNG for a ranking; over stdio the file store, in a fresh directory).',
  'Wall-clock figures depend on what else the machine runs; CPU figures (server CPU per call, CPU at the initialize answer) are steadier, not immune.',
  'What the figures mean, what was profiled and fixed: docs/performance.md (its history: docs/performance-history.md).',
];

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
