// The cache-miss rows of "1 overhead" alone (`npx tsx bench/run.ts misses`): over loopback and against an
// upstream FAR_MS away, ours beside the thinnest SDK server and the direct request, interleaved, with the
// CPU both servers spend. For measuring a change to the miss path again and again without the rest of
// the part (hits, scouting, charts), with the handler's own work measured in the process (the reason the
// rows give for a missed target); `npm run bench` measures the same rows within "1 overhead".
import { SANDBOX_PRO_FULL_KEY } from '../src/sandbox/keys.js';
import { DirectClient } from './direct.js';
import { missInProcessAlone } from './miss-in-process.js';
import {
  args,
  carryingFloor,
  FAR_MISSES,
  FAR_MS,
  farMissRows,
  IN_PROCESS_MISSES,
  loopbackMissRows,
  MISS_ITERATIONS,
  MISS_WARMUP,
  measureMisses,
  questions,
  rankingPaths,
} from './overhead.js';
import { connectSdkFloor, connectStdio, freshCacheHome, spawnSandbox, stop } from './processes.js';
import type { Row } from './report.js';
import { median } from './stats.js';

export async function benchMisses(): Promise<Row[]> {
  const near = await missesAgainst([], MISS_ITERATIONS, MISS_WARMUP);
  const far = await missesAgainst(['--faults', `latency=${FAR_MS}-${FAR_MS}`], FAR_MISSES, MISS_WARMUP);
  const inProcess = await missInProcessAlone(IN_PROCESS_MISSES);
  return [...loopbackMissRows(...near, inProcess), ...farMissRows(...far, inProcess)];
}

/** `count` misses on a fresh server, floor and sandbox (started with `sandboxArgs`), after `warm` others. */
async function missesAgainst(sandboxArgs: readonly string[], count: number, warm: number) {
  const sandbox = await spawnSandbox(sandboxArgs);
  const upstream = { url: sandbox.url, key: SANDBOX_PRO_FULL_KEY };
  const direct = new DirectClient(upstream.url, upstream.key, 1);
  const ours = await connectStdio(upstream, freshCacheHome());
  const floorServer = await connectSdkFloor(upstream);
  const carrier = await carryingFloor(upstream, questions(count, warm));
  try {
    const { viaMcp, viaDirect } = rankingPaths(ours.client, direct);
    const viaFloor = rankingPaths(floorServer.client, direct).viaMcp;
    const { viaCarried } = carrier;
    // Questions past those measured: JIT, connections, the sandbox's league data, the role catalog.
    for (let i = 0; i < warm; i++) {
      await viaDirect(args(count + i));
      await viaMcp(args(count + i));
      await viaFloor(args(count + i));
      await viaCarried(args(count + i));
    }
    const paths = { viaMcp, viaDirect, viaFloor, viaCarried };
    const misses = await measureMisses(paths, ours.pid, floorServer.pid, count);
    const [mcp, direct_, floor, carried] = [misses.mcp, misses.direct, misses.floor, misses.carried].map(
      median,
    );
    return [mcp, direct_, floor, misses.cpu, carried] as [number, number, number, typeof misses.cpu, number];
  } finally {
    await ours.client.close();
    await floorServer.client.close();
    await carrier.close();
    await direct.close();
    await stop(sandbox.child);
  }
}
