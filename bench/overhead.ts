// 1. Overhead: a tool call through MCP (built binary, stdio, SDK Client) against a direct undici
// request to the sandbox for the same data, on a cache miss and on a cache hit.
import { ROLE_KEYS } from '../src/domain/roles.js';
import { DirectClient } from './direct.js';
import { connectStdio, type Upstream } from './processes.js';
import { type Row, row } from './report.js';
import { median, ms, timed } from './stats.js';

const LEAGUE = 'Ligue 1';
const MISS_ITERATIONS = 150;
const HIT_ITERATIONS = 300;

export async function benchOverhead(upstream: Upstream): Promise<Row[]> {
  const direct = new DirectClient(upstream.url, upstream.key, 1);
  const { client } = await connectStdio(upstream);
  try {
    // Every (role, limit) pair is a distinct cache key: each MCP call below misses the cache.
    const args = (i: number) => ({
      role: ROLE_KEYS[i % ROLE_KEYS.length] as string,
      league: LEAGUE,
      limit: 5 + Math.floor(i / ROLE_KEYS.length),
    });
    const viaMcp = async (a: ReturnType<typeof args>) => {
      const result = await client.callTool({ name: 'rank_players_by_role', arguments: a });
      if (result.isError) throw new Error(`rank_players_by_role failed: ${JSON.stringify(result.content)}`);
    };
    const viaDirect = (a: ReturnType<typeof args>) => direct.get('/v1/rankings', a);

    // Warm both paths (JIT, connections, the sandbox's league data, the server's role catalog).
    for (let i = 0; i < 20; i++) {
      await viaDirect(args(MISS_ITERATIONS + i));
      await viaMcp(args(MISS_ITERATIONS + i));
    }
    const missMcp: number[] = [];
    const missDirect: number[] = [];
    for (let i = 0; i < MISS_ITERATIONS; i++) {
      // Alternate which goes first so drift in machine load hits both alike.
      const a = args(i);
      if (i % 2) missDirect.push((await timed(() => viaDirect(a))).ms);
      missMcp.push((await timed(() => viaMcp(a))).ms);
      if (!(i % 2)) missDirect.push((await timed(() => viaDirect(a))).ms);
    }
    const hot = args(0);
    const hitMcp: number[] = [];
    const hitDirect: number[] = [];
    for (let i = 0; i < HIT_ITERATIONS; i++) {
      hitMcp.push((await timed(() => viaMcp(hot))).ms);
      hitDirect.push((await timed(() => viaDirect(hot))).ms);
    }
    const [mMcp, mDirect, hMcp, hDirect] = [missMcp, missDirect, hitMcp, hitDirect].map(median) as [
      number,
      number,
      number,
      number,
    ];
    const what = `rank_players_by_role ${LEAGUE}, median of ${MISS_ITERATIONS}`;
    return [
      row(
        '1 overhead',
        `cache miss: MCP stdio vs direct undici (${what})`,
        `${ms(mMcp)} vs ${ms(mDirect)} (${(mMcp / mDirect).toFixed(2)}×, +${ms(mMcp - mDirect)})`,
        '≤ 1.3× + 1 ms',
        mMcp <= 1.3 * mDirect + 1,
      ),
      row(
        '1 overhead',
        `cache hit: MCP stdio vs direct undici (median of ${HIT_ITERATIONS})`,
        `${ms(hMcp)} vs ${ms(hDirect)} (${(hDirect / hMcp).toFixed(1)}× faster)`,
        '≥ 10× faster',
        hDirect / hMcp >= 10,
      ),
    ];
  } finally {
    await client.close();
    await direct.close();
  }
}
