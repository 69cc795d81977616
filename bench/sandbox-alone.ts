// 7. The sandbox alone, in its own process: the cold first all-league scouting query, then requests
// per second of a ranking and of a scouting query from 16 concurrent direct clients.
import { SANDBOX_PRO_FULL_KEY } from '../src/sandbox/keys.js';
import { DirectClient } from './direct.js';
import { closedLoop } from './load.js';
import { spawnSandbox, stop } from './processes.js';
import { type Row, row } from './report.js';
import { int, ms, timed } from './stats.js';

const CONCURRENCY = 16;
const LOAD = { warmupMs: 1_000, durationMs: 4_000 };
const SCOUTING = { roles: ['milieu_box_to_box', 'mezzala'], ageMax: 24, minutesMin: 900, limit: 20 };

export async function benchSandbox(): Promise<Row[]> {
  const sandbox = await spawnSandbox();
  const direct = new DirectClient(sandbox.url, SANDBOX_PRO_FULL_KEY, CONCURRENCY);
  try {
    // First query of a fresh process: every league's players are generated on the way.
    const cold = await timed(() => direct.post('/v1/scouting', SCOUTING));
    const ok = (p: Promise<unknown>) => p.then(() => true);
    const ranking = await closedLoop(
      CONCURRENCY,
      () => ok(direct.get('/v1/rankings', { role: 'defenseur_relanceur', league: 'Ligue 1', limit: 20 })),
      LOAD,
    );
    const scouting = await closedLoop(CONCURRENCY, () => ok(direct.post('/v1/scouting', SCOUTING)), LOAD);
    return [
      row('7 sandbox', 'cold first all-league scouting query (fresh process)', ms(cold.ms), '—'),
      row(
        '7 sandbox',
        `ranking (one league) req/s, ${CONCURRENCY} concurrent, p50 / p99`,
        `${int(ranking.perSecond)} req/s, ${ms(ranking.p50)} / ${ms(ranking.p99)}`,
        '—',
      ),
      row(
        '7 sandbox',
        `scouting (all leagues) req/s, ${CONCURRENCY} concurrent, p50 / p99`,
        `${int(scouting.perSecond)} req/s, ${ms(scouting.p50)} / ${ms(scouting.p99)}`,
        '—',
      ),
    ];
  } finally {
    await direct.close();
    await stop(sandbox.child);
  }
}
