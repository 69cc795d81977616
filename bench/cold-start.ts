// 4. Cold start: from spawning a stdio server to its `initialize` answer, for the built binary and
// for @modelcontextprotocol/server-everything, started the same way, alternately, in the same run:
// the ratio of the medians is what holds on a busy machine, not either figure alone.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/server';
import { BUILT_ENTRY, cpuMs, freshCacheHome, type Upstream, upstreamEnv } from './processes.js';
import { type Row, row } from './report.js';
import { median, ms } from './stats.js';

const SPAWNS = 21;
/** Starts of a build meeting no code cache yet (the first after an install or an update). */
const FIRST_SPAWNS = 7;
/** Ours against server-everything, medians side by side: stdio hosts start every server at launch. */
const TARGET_RATIO = 0.8;
/** Node's own start, the floor of any stdio server's: a process that writes one answer line at once. */
const BARE_NODE = ['-e', 'process.stdout.write(\'{"result":{}}\\n\'); setInterval(() => {}, 60_000);'];
const EVERYTHING_ENTRY = new URL(
  '../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
  import.meta.url,
).pathname;

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'bench-cold-start', version: '1.0.0' },
  },
})}\n`;

export async function benchColdStart(upstream: Upstream): Promise<Row[]> {
  if (!existsSync(EVERYTHING_ENTRY)) throw new Error(`missing ${EVERYTHING_ENTRY}: run npm install`);
  const oursRuns: Start[] = [];
  const everythingRuns: Start[] = [];
  const env = upstreamEnv(upstream);
  const ours = () => timeToInitialize([BUILT_ENTRY], env);
  const theirs = () => timeToInitialize([EVERYTHING_ENTRY, 'stdio'], { PATH: env.PATH ?? '' });
  // One start each, not counted: the first reads the files from disk.
  await ours();
  await theirs();
  for (let i = 0; i < SPAWNS; i++) {
    // Alternating which goes first, so neither always follows the other's exit.
    if (i % 2 === 0) {
      oursRuns.push(await ours());
      everythingRuns.push(await theirs());
    } else {
      everythingRuns.push(await theirs());
      oursRuns.push(await ours());
    }
  }
  // The rows above are what a host's every start costs once the first has written V8's code cache
  // (src/lib/code-cache.ts); the first start of a build, in an empty cache directory each, costs this.
  const firstRuns: Start[] = [];
  const firstEverything: Start[] = [];
  for (let i = 0; i < FIRST_SPAWNS; i++) {
    firstRuns.push(await timeToInitialize([BUILT_ENTRY], { ...env, ...freshCacheHome() }));
    firstEverything.push(await theirs());
  }
  const bare: Start[] = [];
  for (let i = 0; i < SPAWNS; i++) bare.push(await timeToInitialize(BARE_NODE, { PATH: env.PATH ?? '' }));
  const wall = (starts: Start[]) => median(starts.map((s) => s.ms));
  const cpu = (starts: Start[]) => median(starts.map((s) => s.cpuMs));
  const [o, e] = [wall(oursRuns), wall(everythingRuns)];
  const ratio = o / e;
  return [
    row(
      '4 cold start',
      `spawn → initialize answer, stdio, median of ${SPAWNS}`,
      `${ms(o)} (CPU ${ms(cpu(oursRuns))})`,
      '< 250 ms',
      o < 250,
    ),
    row(
      '4 cold start',
      'same for @modelcontextprotocol/server-everything',
      `${ms(e)} (CPU ${ms(cpu(everythingRuns))})`,
      '—',
    ),
    row(
      '4 cold start',
      `Node's own start: a process writing one line at once (node -e), same timing, median of ${SPAWNS}`,
      `${ms(wall(bare))} (CPU ${ms(cpu(bare))})`,
      '—',
    ),
    row(
      '4 cold start',
      'ours ÷ server-everything, medians measured alternately',
      `${ratio.toFixed(2)} ×`,
      `≤ ${TARGET_RATIO} ×`,
      ratio <= TARGET_RATIO,
    ),
    // Steadier than wall-clock when other processes take turns on the cores.
    row(
      '4 cold start',
      'same ratio of CPU used by the initialize answer',
      `${(cpu(oursRuns) / cpu(everythingRuns)).toFixed(2)} ×`,
      `≤ ${TARGET_RATIO} ×`,
      cpu(oursRuns) / cpu(everythingRuns) <= TARGET_RATIO,
    ),
    row(
      '4 cold start',
      `first start of a build (no code cache yet), median of ${FIRST_SPAWNS}; CPU ratio`,
      `${ms(wall(firstRuns))} (CPU ${ms(cpu(firstRuns))}); ${(cpu(firstRuns) / cpu(firstEverything)).toFixed(2)} ×`,
      '—',
    ),
  ];
}

interface Start {
  ms: number;
  /** CPU the process had used when it answered: what a busy machine disturbs least. */
  cpuMs: number;
}

/** Spawns `node <args>`, writes initialize at once, and times the first answer line on stdout. */
function timeToInitialize(args: string[], env: Record<string, string>): Promise<Start> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no initialize answer from ${args[0]} within 10 s`));
    }, 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      const elapsed = performance.now() - started;
      clearTimeout(timer);
      child.stdout.removeAllListeners('data');
      cpuMs(child.pid ?? 0).then((cpu) => {
        child.once('exit', () =>
          out.includes('"result"')
            ? resolve({ ms: elapsed, cpuMs: cpu })
            : reject(new Error(`bad answer: ${out.slice(0, 200)}`)),
        );
        child.kill('SIGTERM');
      }, reject);
    });
    child.once('error', reject);
    child.stdin.write(INITIALIZE);
  });
}
