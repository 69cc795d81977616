// A cache miss inside the process, without MCP's transport or another process between: the ranking's
// handler called directly against the sandbox (in its own process), every call a new question (a new
// client and cache after the 186 questions of benchmark 1), beside the same request sent directly with
// undici. Medians of the last two thirds; steadier than the stdio rows of benchmark 1 (±0.02 ms between
// runs), so a change to the miss path shows here first. `npm run bench` runs it as a row of "1 overhead":
// it is the handler's own work, which the miss rows' target has to hold. Alone:
// `npx tsx bench/miss-in-process.ts [calls]` (default 1 500). Profile it with
// `node --import tsx --cpu-prof bench/miss-in-process.ts`.
import { execFile } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { SANDBOX_PRO_FULL_KEY } from '../src/sandbox/keys.js';
import { depsFor } from '../test/support/mcp.js';
import { TOOLS } from '../tools/index.js';
import { PAGE_SIZE } from '../tools/kit/pages.js';
import { DirectClient } from './direct.js';
import { args } from './overhead.js';
import { spawnSandbox, stop } from './processes.js';
import { median } from './stats.js';

const QUESTIONS = 186;

export interface InProcessMiss {
  /** Calls measured (the last two thirds of those made). */
  measured: number;
  ours: number;
  direct: number;
}

export async function missInProcess(calls: number): Promise<InProcessMiss> {
  const sandbox = await spawnSandbox([]);
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
  const skipped = Math.floor(calls / 3);
  const measured = (values: number[]) => median(values.slice(skipped));
  return { measured: calls - skipped, ours: measured(ours), direct: measured(directMs) };
}

/**
 * The same in a process of its own, as `npx tsx bench/miss-in-process.ts` runs it: inside the bench's
 * process, whose heap holds the earlier parts' clients and logs, both figures came out ~1.7× higher.
 */
export async function missInProcessAlone(calls: number): Promise<InProcessMiss> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), String(calls), '--json'],
    { timeout: 300_000 },
  );
  return JSON.parse(stdout) as InProcessMiss;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await missInProcess(Number(process.argv[2] ?? 1500));
  const { measured, ours, direct } = result;
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else
    console.log(
      `miss in the process, median of ${measured}: ours ${ours.toFixed(3)} ms, direct ${direct.toFixed(3)} ms, ours adds ${(ours - direct).toFixed(3)} ms`,
    );
}
