// Cache misses of this build beside another build of the server and the thinnest SDK server, the same
// questions interleaved, with each server's CPU a miss split into its main thread and the others (V8's
// compiler and GC, the thread pool): for a change to the miss path, measured against the build before
// it under the same load. Not part of `npm run bench`; nothing is written.
//   npx tsx bench/miss-compare.ts <other build's dist/src/index.js> [far]
// (a build of another commit: `git archive <commit> | tar -x -C <dir>`, node_modules linked, `npm run build`)
import { readdirSync, readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SANDBOX_PRO_FULL_KEY } from '../src/sandbox/keys.js';
import { DirectClient } from './direct.js';
import { args, FAR_MISSES, FAR_MS, MISS_ITERATIONS, MISS_WARMUP, rankingPaths } from './overhead.js';
import {
  BUILT_ENTRY,
  connectSdkFloor,
  freshCacheHome,
  nodeArgs,
  spawnSandbox,
  stop,
  upstreamEnv,
} from './processes.js';
import { median, ms, timed } from './stats.js';

const [other, where] = process.argv.slice(2);
if (!other) throw new Error('usage: npx tsx bench/miss-compare.ts <other build dist/src/index.js> [far]');
const far = where === 'far';
const count = far ? FAR_MISSES : MISS_ITERATIONS;
const sandbox = await spawnSandbox(far ? ['--faults', `latency=${FAR_MS}-${FAR_MS}`] : []);
const upstream = { url: sandbox.url, key: SANDBOX_PRO_FULL_KEY };
const direct = new DirectClient(upstream.url, upstream.key, 1);

async function connect(entry: string): Promise<{ client: Client; pid: number }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...nodeArgs(), entry],
    env: { ...upstreamEnv(upstream), ...freshCacheHome() },
    stderr: 'inherit',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  return { client, pid: transport.pid ?? 0 };
}

/** CPU (ms) a process has used so far, its main thread and its other threads (Linux, 100 ticks/s). */
function cpuByThread(pid: number): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const used = (Number(fields[11]) + Number(fields[12])) * 10;
      if (task === String(pid)) main += used;
      else others += used;
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return { main, others };
}

/** `items` rotated by `i` places, and reversed on every other round of rotations. */
function rotated<T>(items: readonly T[], i: number): T[] {
  const k = i % items.length;
  const turned = [...items.slice(k), ...items.slice(0, k)];
  return Math.floor(i / items.length) % 2 ? turned.reverse() : turned;
}

const servers = {
  this: await connect(BUILT_ENTRY),
  other: await connect(other),
  floor: await connectSdkFloor(upstream),
};
const names = Object.keys(servers) as (keyof typeof servers)[];
try {
  const viaDirect = rankingPaths(servers.this.client, direct).viaDirect;
  const via = Object.fromEntries(names.map((n) => [n, rankingPaths(servers[n].client, direct).viaMcp]));
  for (let i = 0; i < MISS_WARMUP; i++) {
    await viaDirect(args(count + i));
    for (const n of names) await via[n]?.(args(count + i));
  }
  const before = Object.fromEntries(names.map((n) => [n, cpuByThread(servers[n].pid)]));
  const times: Record<string, number[]> = { direct: [], this: [], other: [], floor: [] };
  for (let i = 0; i < count; i++) {
    const a = args(i);
    // Each server in each place in turn, after each of the others. Even so, the same build run as both
    // `this` and `other` (an A/A run) differs by up to 1 ms of wall at load 5-8: compare CPU, and runs.
    const order = rotated(['direct', ...names], i);
    for (const n of order) {
      const call = n === 'direct' ? () => viaDirect(a) : () => via[n]?.(a) as Promise<unknown>;
      times[n]?.push((await timed(call)).ms);
    }
  }
  const floor = median(times.floor ?? []);
  console.log(
    `${count} misses ${far ? `${FAR_MS} ms away` : 'on loopback'}, direct ${ms(median(times.direct ?? []))}`,
  );
  for (const n of names) {
    const start = before[n] ?? { main: 0, others: 0 };
    const end = cpuByThread(servers[n].pid);
    const wall = median(times[n] ?? []);
    const over = n === 'floor' ? '' : ` (floor +${ms(wall - floor)})`;
    console.log(
      `${n.padEnd(5)} ${ms(wall)}${over}; CPU a miss ${ms((end.main - start.main + end.others - start.others) / count)}` +
        ` (main thread ${ms((end.main - start.main) / count)}, others ${ms((end.others - start.others) / count)})`,
    );
  }
} finally {
  for (const n of names) await servers[n].client.close();
  await direct.close();
  await stop(sandbox.child);
}
