// 1. Overhead: a tool call through MCP (built binary, stdio, SDK Client, default settings) against a
// direct undici request to the sandbox for the same data, on a cache miss and on a cache hit: over
// loopback, and against an upstream 30 ms away (the sandbox delaying every answer), as an API across
// a network is.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/client';
import { ROLE_KEYS } from '../src/domain/roles.js';
import { SANDBOX_PRO_FULL_KEY } from '../src/sandbox/keys.js';
import { PAGE_SIZE } from '../tools/kit/pages.js';
import { DirectClient } from './direct.js';
import { type InProcessMiss, missInProcessAlone } from './miss-in-process.js';
import { missPhases } from './miss-phases.js';
import { connectSdkFloor, connectStdio, cpuMs, freshCacheHome, spawnSandbox, stop } from './processes.js';
import { because, type Row, row } from './report.js';
import { median, ms, timed } from './stats.js';

const LEAGUE = 'Ligue 1';
const LEAGUES = [LEAGUE, 'Eredivisie'];
const SEASONS = ['26-27', '25-26', '24-25'];
export const MISS_ITERATIONS = 150;
const HIT_ITERATIONS = 300;
const HEAVY_ITERATIONS = 30;
const SCOUT = { roles: ['milieu_box_to_box', 'mezzala'], max_age: 24, min_minutes: 900, limit: 20 };
/** The far upstream: every answer of the sandbox delayed this much. */
export const FAR_MS = 30;
export const FAR_MISSES = 80;
/**
 * Misses asked of every server before any is timed, near and far alike. With 5 before the far ones
 * (20 before the near), V8 was still compiling our code through their first 20-40 misses, its
 * compiler threads' CPU counted in each: 8.8-9.3 ms of CPU a far miss against 7.4-7.8 after 20
 * (the floor's small code is compiled within a few calls: 2.0-2.5 either way).
 */
export const MISS_WARMUP = 20;
const FAR_HITS = 60;
/** Misses of the handler called in the process (bench/miss-in-process.ts): its first third not counted. */
export const IN_PROCESS_MISSES = 900;

type Ranking = { role: string; season: string; league: string };

/**
 * Every (role, season, league) is a distinct question (186 of them), so each MCP call with a new `i`
 * misses the cache: the limit would not do, since the server asks the upstream for a full page.
 */
export const args = (i: number): Ranking => ({
  role: ROLE_KEYS[i % ROLE_KEYS.length] as string,
  season: SEASONS[Math.floor(i / ROLE_KEYS.length) % SEASONS.length] as string,
  league: LEAGUES[Math.floor(i / (ROLE_KEYS.length * SEASONS.length)) % LEAGUES.length] as string,
});

/** A ranking through MCP, and the same data asked directly: what the server itself asks the upstream for. */
export function rankingPaths(client: Client, direct: DirectClient) {
  return {
    viaMcp: async (a: Ranking) => {
      const result = await client.callTool({ name: 'rank_players_by_role', arguments: a });
      if (result.isError) throw new Error(`rank_players_by_role failed: ${JSON.stringify(result.content)}`);
      return result;
    },
    viaDirect: ({ role, season, league }: Ranking) =>
      direct.get('/v1/rankings', { role, saison: season, league, limit: PAGE_SIZE.rankings }),
  };
}

export async function benchOverhead(): Promise<Row[]> {
  // The sandbox in its own process, like a real upstream: a direct request crosses a process
  // boundary just as the server's does (in-process, the baseline would skip a context switch).
  const sandbox = await spawnSandbox();
  const upstream = { url: sandbox.url, key: SANDBOX_PRO_FULL_KEY };
  const direct = new DirectClient(upstream.url, upstream.key, 1);
  const ours = await connectStdio(upstream);
  const { client } = ours;
  const floorServer = await connectSdkFloor(upstream);
  const floor = floorServer.client;
  const carrier = await carryingFloor(upstream, questions(MISS_ITERATIONS, MISS_WARMUP));
  try {
    const { viaMcp, viaDirect } = rankingPaths(client, direct);
    const viaFloor = rankingPaths(floor, direct).viaMcp;
    const { viaCarried } = carrier;
    const floorNoop = () => floor.callTool({ name: 'noop', arguments: {} });
    const replay = replayOn(floor);

    // Warm every path (JIT, connections, the sandbox's league data, the server's role catalog).
    for (let i = 0; i < MISS_WARMUP; i++) {
      await viaDirect(args(MISS_ITERATIONS + i));
      await viaMcp(args(MISS_ITERATIONS + i));
      await viaFloor(args(MISS_ITERATIONS + i));
      await floorNoop();
      await viaCarried(args(MISS_ITERATIONS + i));
    }
    const misses = await measureMisses(
      { viaMcp, viaDirect, viaFloor, viaCarried },
      ours.pid,
      floorServer.pid,
      MISS_ITERATIONS,
    );
    const missCpu = misses.cpu;
    const hot = args(0);
    const hotFloor = await replay(await viaMcp(hot));
    const hitMcp: number[] = [];
    const hitDirect: number[] = [];
    const hitFloor: number[] = [];
    const pings: number[] = [];
    const noops: number[] = [];
    for (let i = 0; i < HIT_ITERATIONS; i++) {
      hitMcp.push((await timed(() => viaMcp(hot))).ms);
      hitDirect.push((await timed(() => viaDirect(hot))).ms);
      hitFloor.push((await timed(hotFloor)).ms);
      pings.push((await timed(() => client.ping())).ms);
      noops.push((await timed(floorNoop)).ms);
    }
    // The same on a query that makes the upstream work: scouting across every league.
    const scoutBody = {
      roles: SCOUT.roles,
      ageMax: SCOUT.max_age,
      minutesMin: SCOUT.min_minutes,
      limit: PAGE_SIZE.scouting,
    };
    const scoutMcp = () => client.callTool({ name: 'scout_players', arguments: SCOUT });
    await direct.post('/v1/scouting', scoutBody);
    const scoutFloor = await replay(await scoutMcp());
    // Warmed as the ranking's paths were, by the calls before its hits (JIT): without it the first
    // scouting hits run code not yet optimized (+2.2 ms over the floor cold, +1.1 after 30, +0.8 after 100).
    for (let i = 0; i < 2 * HEAVY_ITERATIONS; i++) {
      await scoutMcp();
      await direct.post('/v1/scouting', scoutBody);
      await scoutFloor();
    }
    const heavyMcp: number[] = [];
    const heavyDirect: number[] = [];
    const heavyFloor: number[] = [];
    for (let i = 0; i < HEAVY_ITERATIONS; i++) {
      heavyMcp.push((await timed(scoutMcp)).ms);
      heavyDirect.push((await timed(() => direct.post('/v1/scouting', scoutBody))).ms);
      heavyFloor.push((await timed(scoutFloor)).ms);
    }
    const [sMcp, sDirect, sFloor] = [median(heavyMcp), median(heavyDirect), median(heavyFloor)];
    const phases = await missPhases(upstream, MISS_ITERATIONS);
    const charts = await chartCost(upstream);
    const inProcess = await missInProcessAlone(IN_PROCESS_MISSES);
    const far = await farUpstream(inProcess);
    const [mMcp, mDirect, mFloor, mCarried, hMcp, hDirect, noop] = [
      misses.mcp,
      misses.direct,
      misses.floor,
      misses.carried,
      hitMcp,
      hitDirect,
      noops,
    ].map(median) as [number, number, number, number, number, number, number];
    return [
      ...loopbackMissRows(mMcp, mDirect, mFloor, missCpu, mCarried, inProcess),
      phases,
      row(
        '1 overhead',
        `SDK floor of a cached answer: a no-op tool call over stdio on ${FLOOR_SERVER} (median of ${HIT_ITERATIONS})`,
        `${ms(noop)} (ping on ours ${ms(median(pings))})`,
        '—',
      ),
      hitRow(
        `cache hit, same ranking: MCP stdio vs direct undici (median of ${HIT_ITERATIONS})`,
        hMcp,
        hDirect,
        median(hitFloor),
      ),
      hitRow(
        `cache hit on an all-league scout_players vs direct (median of ${HEAVY_ITERATIONS})`,
        sMcp,
        sDirect,
        sFloor,
      ),
      ...far,
      row(
        '1 overhead',
        `the same ranking with its PNG chart (images true; auto, the default, draws none for a ranking): miss / hit (medians of ${CHART_ITERATIONS})`,
        `${ms(charts.miss)} / ${ms(charts.hit)}`,
        '—',
      ),
    ];
  } finally {
    await client.close();
    await floor.close();
    await carrier.close();
    await direct.close();
    await stop(sandbox.child);
  }
}

/** The questions a miss run asks: the `count` measured, then the `warm` asked before them. */
export function questions(count: number, warm: number): number[] {
  return Array.from({ length: count + warm }, (_, i) => i);
}

type MissPaths = Record<'viaMcp' | 'viaDirect' | 'viaFloor' | 'viaCarried', (a: Ranking) => Promise<unknown>>;

/**
 * `count` misses (questions 0 to count - 1, none asked before) through ours, directly and through the
 * floor, interleaved, with the CPU both servers spent on them.
 */
export async function measureMisses(paths: MissPaths, ours: number, floor: number, count: number) {
  const { viaMcp, viaDirect, viaFloor, viaCarried } = paths;
  const mcp: number[] = [];
  const direct: number[] = [];
  const floorMs: number[] = [];
  const carried: number[] = [];
  const cpu = await cpuOf(ours, floor);
  for (let i = 0; i < count; i++) {
    const a = args(i);
    const order = [
      async () => mcp.push((await timed(() => viaMcp(a))).ms),
      async () => direct.push((await timed(() => viaDirect(a))).ms),
      async () => floorMs.push((await timed(() => viaFloor(a))).ms),
      async () => carried.push((await timed(() => viaCarried(a))).ms),
    ];
    // Each path goes first, second, third and fourth as often: drift in the machine's load hits all alike,
    // and so does the sandbox's data for a question, cold for whoever asks it first (ours went first or
    // second and the floor third or fourth: ours 0.05-0.1 ms slower against it than in turn).
    for (let k = 0; k < 4; k++) await (order[(i + k) % 4] as () => Promise<unknown>)();
  }
  return { mcp, direct, floor: floorMs, carried, cpu: await cpu.perCall(count) };
}

/** The rows of misses over loopback: against the direct request, against the floor, server CPU. */
export function loopbackMissRows(
  mcp: number,
  direct: number,
  floor: number,
  cpu: CpuPerCall,
  carried: number,
  inProcess: InProcessMiss,
): Row[] {
  const why = handlerReason(inProcess);
  return [
    because(
      row(
        '1 overhead',
        `cache miss: MCP stdio vs direct undici (rank_players_by_role ${LEAGUE}, median of ${MISS_ITERATIONS})`,
        `${ms(mcp)} vs ${ms(direct)} (${(mcp / direct).toFixed(2)}×, +${ms(mcp - direct)})`,
        '≤ 1.3× + 1 ms',
        mcp <= 1.3 * direct + 1,
      ),
      why,
    ),
    because(
      againstFloor(`the same misses, interleaved (median of ${MISS_ITERATIONS})`, mcp, floor, direct),
      why,
    ),
    because(
      againstCarrying(`the same misses, interleaved (median of ${MISS_ITERATIONS})`, mcp, carried, floor),
      why,
    ),
    cpuRow(`server CPU per miss on loopback (${MISS_ITERATIONS} misses; /proc, 10 ms ticks)`, cpu),
    inProcessRow(inProcess),
  ];
}

/** The handler's own work on a miss, with no transport or process between (bench/miss-in-process.ts). */
function inProcessRow({ measured, ours, direct }: InProcessMiss): Row {
  return row(
    '1 overhead',
    `a miss in the process: the ranking's handler called with no transport, beside the direct request (bench/miss-in-process.ts, median of ${measured})`,
    `ours ${ms(ours)} vs direct ${ms(direct)}: the handler adds ${ms(ours - direct)}`,
    '—',
  );
}

/**
 * Why a miss stays over the floor + 1 ms: the floor forwards the page as text, so what ours adds to it is
 * at least its handler's own work, which the row above measures with no transport at all.
 */
function handlerReason({ ours, direct }: InProcessMiss): string {
  return (
    `the handler alone, called in the process with no transport, adds ${ms(ours - direct)} to the direct request ` +
    `("a miss in the process"): reading the page's 100 rows, the checks an answer rests on (blank columns, ` +
    `unread values, best ranks, page signals), the text and the envelope; its steps are measured in ` +
    `docs/performance.md ("What a cache miss costs"). The floor does none of this work, and it alone takes ` +
    `${ms(ours - direct)} of the ${OVER_FLOOR_MS} ms the target leaves ours.`
  );
}

/** The far rows' reason: the same work, run after an idle wait, each step colder (benchmark 8 measures it). */
function farReason(inProcess: InProcessMiss): string {
  return (
    `${handlerReason(inProcess)} After ${FAR_MS} ms idle every step of it runs colder: "8 reader" measures ` +
    `the same page's reading and JSON.parse after ${FAR_MS} ms asleep against back to back.`
  );
}

/** The same rows against an upstream FAR_MS away. */
export function farMissRows(
  mcp: number,
  direct: number,
  floor: number,
  cpu: CpuPerCall,
  carried: number,
  inProcess: InProcessMiss,
): Row[] {
  const over = (x: number) => `${x >= direct ? '+' : '−'}${ms(Math.abs(x - direct))}`;
  const why = farReason(inProcess);
  return [
    because(
      row(
        '1 overhead',
        `upstream ${FAR_MS} ms away: cache miss vs direct undici (median of ${FAR_MISSES})`,
        `${ms(mcp)} vs ${ms(direct)} (${over(mcp)})`,
        '≤ direct + 2 ms',
        mcp <= direct + 2,
      ),
      why,
    ),
    because(againstFloor(`upstream ${FAR_MS} ms away (median of ${FAR_MISSES})`, mcp, floor, direct), why),
    because(
      againstCarrying(`upstream ${FAR_MS} ms away (median of ${FAR_MISSES})`, mcp, carried, floor),
      why,
    ),
    cpuRow(`server CPU per miss, upstream ${FAR_MS} ms away (${FAR_MISSES} misses)`, cpu),
  ];
}

type CpuPerCall = { ours: number; floor: number };

/**
 * The same misses beside the floor carrying our answer (carryingOn): the part of what ours adds to the
 * plain floor that is our own work, and the part that is the SDK carrying and checking the answer the
 * design asks for (text and structured content under an output schema), which no server giving that
 * answer on this SDK goes under.
 */
function againstCarrying(what: string, ours: number, carried: number, floor: number): Row {
  return row(
    '1 overhead',
    `cache miss against the floor carrying our answer (the same request, then our answer under our output schema): ${what}`,
    `ours ${ms(ours)}, that floor ${ms(carried)} (the plain floor +${ms(carried - floor)}): ours adds ${ms(ours - carried)} to it`,
    `≤ floor + ${OVER_FLOOR_MS} ms`,
    ours <= carried + OVER_FLOOR_MS,
  );
}

/** CPU time two servers spend from now on, per call: steadier than wall-clock on a loaded machine. */
async function cpuOf(ours: number, floor: number) {
  const [oursAt, floorAt] = await Promise.all([cpuMs(ours), cpuMs(floor)]);
  return {
    perCall: async (calls: number) => {
      const [o, f] = await Promise.all([cpuMs(ours), cpuMs(floor)]);
      return { ours: (o - oursAt) / calls, floor: (f - floorAt) / calls };
    },
  };
}

/** Server CPU per call, ours beside the floor's: what our server's own work costs, whatever the load. */
function cpuRow(what: string, cpu: CpuPerCall): Row {
  return row(
    '1 overhead',
    what,
    `ours ${ms(cpu.ours)}, floor ${ms(cpu.floor)}: ours adds ${ms(cpu.ours - cpu.floor)} (its store write after the answer included)`,
    '—',
  );
}

const FLOOR_SERVER = 'the thinnest SDK server (bench/sdk-floor-server.ts)';
/** What a real answer may add to the SDK's floor: reading, cache, output schema, text table, the larger answer. */
const OVER_FLOOR_MS = 1;

/**
 * A miss through our server beside the same miss through the thinnest SDK server, which forwards the
 * request and returns the JSON as text: what ours adds is reading, cache, quota, output schema and text.
 */
function againstFloor(what: string, ours: number, floor: number, direct: number): Row {
  const over = (x: number) => `${x >= direct ? '+' : '−'}${ms(Math.abs(x - direct))}`;
  return row(
    '1 overhead',
    `cache miss against ${FLOOR_SERVER}: ${what}`,
    `ours ${ms(ours)}, floor ${ms(floor)} (direct ${over(floor)}): ours adds ${ms(ours - floor)} to the floor`,
    `≤ floor + ${OVER_FLOOR_MS} ms`,
    ours <= floor + OVER_FLOOR_MS,
  );
}

/**
 * The floor of a miss carrying our answer, on a floor server of its own (so the plain floor's CPU stays
 * its own): given beforehand our answer to each question (made by another server of ours, on its own
 * cache), it forwards the same request upstream and answers ours under our output schema. What ours adds
 * to it is our own work on a miss (reading, cache, quota, table and text); the SDK carrying and checking
 * the answer the design asks for is in both.
 */
export async function carryingFloor(
  upstream: { url: string; key: string },
  questions: readonly number[],
): Promise<{ viaCarried: (a: Ranking) => Promise<unknown>; close: () => Promise<void> }> {
  const carrier = await connectSdkFloor(upstream);
  const maker = await connectStdio(upstream, freshCacheHome());
  try {
    for (const i of questions) {
      const answer = await maker.client.callTool({ name: 'rank_players_by_role', arguments: args(i) });
      await carrier.client.callTool({ name: 'replay', arguments: { keep: answer, question: args(i) } });
    }
  } finally {
    await maker.client.close();
  }
  return {
    viaCarried: (a) => carrier.client.callTool({ name: 'rank_players_by_role_answer', arguments: a }),
    close: () => carrier.client.close(),
  };
}

/**
 * The floor of one cached answer: the thinnest SDK server keeps `result` (an answer of ours) and then
 * answers it as it is on each call, so the same bytes cross stdio with nothing read, made or checked.
 */
function replayOn(floor: Client) {
  return async (result: unknown) => {
    await floor.callTool({ name: 'replay', arguments: { keep: result } });
    return () => floor.callTool({ name: 'replay', arguments: {} });
  };
}

/**
 * A cache hit held to 10× faster than the direct request, unless the SDK's own floor for that answer
 * (the thinnest SDK server answering the same result over stdio, made beforehand) is above a tenth of
 * it: no server on the SDK over stdio can then be 10× faster, and the hit is held to the floor +
 * OVER_FLOOR_MS instead, with the reason in the row. The row prints ours, direct and the floor.
 */
function hitRow(what: string, hit: number, direct: number, floor: number): Row {
  const figure = `ours ${ms(hit)} vs direct ${ms(direct)} (${speedup(direct, hit)}), SDK floor of this answer ${ms(floor)}`;
  if (floor <= direct / 10) return row('1 overhead', what, figure, '≥ 10× faster', direct / hit >= 10);
  return row(
    '1 overhead',
    what,
    `${figure}: 10× is ${ms(direct / 10)}, under that floor; ours adds ${ms(hit - floor)} to it`,
    `≥ 10× faster, or ≤ floor + ${OVER_FLOOR_MS} ms where the floor is over direct ÷ 10`,
    hit <= floor + OVER_FLOOR_MS,
  );
}

const CHART_ITERATIONS = 20;

/**
 * A ranking against an upstream FAR_MS away, on a fresh server and sandbox: what the cache saves
 * (a hit against a direct request) and what a miss adds to the upstream's own time.
 */
async function farUpstream(inProcess: InProcessMiss): Promise<Row[]> {
  const sandbox = await spawnSandbox(['--faults', `latency=${FAR_MS}-${FAR_MS}`]);
  const upstream = { url: sandbox.url, key: SANDBOX_PRO_FULL_KEY };
  const direct = new DirectClient(sandbox.url, SANDBOX_PRO_FULL_KEY, 1);
  const ours = await connectStdio(upstream);
  const { client } = ours;
  const floorServer = await connectSdkFloor(upstream);
  const floor = floorServer.client;
  const carrier = await carryingFloor(upstream, questions(FAR_MISSES, MISS_WARMUP));
  try {
    const { viaMcp, viaDirect } = rankingPaths(client, direct);
    const viaFloor = rankingPaths(floor, direct).viaMcp;
    const { viaCarried } = carrier;
    for (let i = 0; i < MISS_WARMUP; i++) {
      await viaDirect(args(FAR_MISSES + i));
      await viaMcp(args(FAR_MISSES + i));
      await viaFloor(args(FAR_MISSES + i));
      await viaCarried(args(FAR_MISSES + i));
    }
    const misses = await measureMisses(
      { viaMcp, viaDirect, viaFloor, viaCarried },
      ours.pid,
      floorServer.pid,
      FAR_MISSES,
    );
    const missCpu = misses.cpu;
    const hit: number[] = [];
    const hitDirect: number[] = [];
    const replays: number[] = [];
    const hotFloor = await replayOn(floor)(await viaMcp(args(0)));
    for (let i = 0; i < FAR_HITS; i++) {
      hit.push((await timed(() => viaMcp(args(0)))).ms);
      hitDirect.push((await timed(() => viaDirect(args(0)))).ms);
      replays.push((await timed(hotFloor)).ms);
    }
    // The floor of both: the stdio round trip to a server that sat idle as long as the upstream took.
    const pings: number[] = [];
    for (let i = 0; i < FAR_HITS; i++) {
      await sleep(FAR_MS);
      pings.push((await timed(() => client.ping())).ms);
    }
    const phases = await missPhases(upstream, FAR_MISSES, `upstream ${FAR_MS} ms away, `);
    const [m, md, h, hd, mf, replayed] = [
      misses.mcp,
      misses.direct,
      hit,
      hitDirect,
      misses.floor,
      replays,
    ].map(median) as number[] as [number, number, number, number, number, number];
    return [
      hitRow(
        `upstream ${FAR_MS} ms away: cache hit vs direct undici (same ranking, median of ${FAR_HITS})`,
        h,
        hd,
        replayed,
      ),
      ...farMissRows(m, md, mf, missCpu, median(misses.carried), inProcess),
      phases,
      row(
        '1 overhead',
        `MCP ping over stdio after ${FAR_MS} ms idle: the transport's floor in the two rows above`,
        ms(median(pings)),
        '—',
      ),
    ];
  } finally {
    await client.close();
    await floor.close();
    await carrier.close();
    await direct.close();
    await stop(sandbox.child);
  }
}

/** A server with images on: rasterising the chart is the dearest step of a miss; hits reuse the PNG. */
async function chartCost(upstream: { url: string; key: string }): Promise<{ miss: number; hit: number }> {
  const { client } = await connectStdio(upstream, { ...freshCacheHome(), FOOTBALL_MCP_IMAGES: 'true' });
  try {
    const rank = async (a: Record<string, unknown>) => {
      const result = await client.callTool({ name: 'rank_players_by_role', arguments: a });
      if (!(result.content as { type: string }[]).some((c) => c.type === 'image')) {
        throw new Error('rank_players_by_role returned no chart with images on');
      }
    };
    await rank(args(0));
    const miss: number[] = [];
    const hit: number[] = [];
    for (let i = 1; i <= CHART_ITERATIONS; i++) {
      miss.push((await timed(() => rank(args(i)))).ms);
      hit.push((await timed(() => rank(args(0)))).ms);
    }
    return { miss: median(miss), hit: median(hit) };
  } finally {
    await client.close();
  }
}

/** "3.2× faster", or "1.2× slower" when the cached call took longer than the direct request. */
function speedup(direct: number, cached: number): string {
  return direct >= cached
    ? `${(direct / cached).toFixed(1)}× faster`
    : `${(cached / direct).toFixed(1)}× slower`;
}
