// A cache miss inside the process, without MCP's transport or another process between: the ranking's
// handler called directly against the sandbox (in its own process), every call a new question (a new
// client and cache after the 186 questions of benchmark 1), beside the same request sent directly with
// undici. Medians of the last two thirds; steadier than the
// stdio rows of benchmark 1 (±0.02 ms between runs), so a change to the miss path shows here first.
// Alone: `npx tsx bench/miss-in-process.ts [calls]` (default 1 500). Profile it with
// `node --import tsx --cpu-prof bench/miss-in-process.ts`.
import { SANDBOX_PRO_FULL_KEY } from '../src/sandbox/keys.js';
import { depsFor } from '../test/support/mcp.js';
import { TOOLS } from '../tools/index.js';
import { PAGE_SIZE } from '../tools/kit/pages.js';
import { DirectClient } from './direct.js';
import { args } from './overhead.js';
import { spawnSandbox, stop } from './processes.js';
import { median } from './stats.js';

const calls = Number(process.argv[2] ?? 1500);
const sandbox = await spawnSandbox([]);
const QUESTIONS = 186;
let deps = depsFor(sandbox.url, SANDBOX_PRO_FULL_KEY);
const direct = new DirectClient(sandbox.url, SANDBOX_PRO_FULL_KEY, 1);
const tool = TOOLS.find((t) => t.name === 'rank_players_by_role');
if (!tool) throw new Error('no rank_players_by_role tool');
const signal = new AbortController().signal;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const ours: number[] = [];
const directMs: number[] = [];
try {
  for (let i = 0; i < calls; i++) {
    if (i > 0 && i % QUESTIONS === 0) {
      await deps.api.close();
      deps = depsFor(sandbox.url, SANDBOX_PRO_FULL_KEY);
    }
    const { role, season, league } = args(i);
    let started = performance.now();
    await direct.get('/v1/rankings', { role, saison: season, league, limit: PAGE_SIZE.rankings });
    directMs.push(performance.now() - started);
    await nextTurn();
    started = performance.now();
    const result = await tool.handle({ role, season, league }, { ...deps, signal, progress: () => {} });
    ours.push(performance.now() - started);
    if (result.isError) throw new Error(JSON.stringify(result.content));
    // The store write runs on the next turn, once the answer is out: not part of the miss.
    await nextTurn();
  }
} finally {
  await deps.api.close();
  await direct.close();
  await stop(sandbox.child);
}
const measured = (values: number[]) => median(values.slice(Math.floor(calls / 3)));
const [o, d] = [measured(ours), measured(directMs)];
console.log(
  `miss in the process, median of ${calls - Math.floor(calls / 3)}: ours ${o.toFixed(3)} ms, direct ${d.toFixed(3)} ms, ours adds ${(o - d).toFixed(3)} ms`,
);
