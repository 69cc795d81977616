// A refresh's plan: a bound it keeps, or the reasons it did not (retries, rankings of players who moved),
// the same count wherever it is said, and the whole run's order within the quota.
import { describe, expect, it } from 'vitest';
import { newWatchlist, type WatchlistDoc } from '../../src/store/watchlists.js';
import {
  beyondPlan,
  planBound,
  planText,
  refreshPlan,
  runPlan,
  summarize,
} from '../../src/watchlists/plan.js';

const NOW = '2026-11-28T09:00:00.000Z';

/** A list of three players, two of one league and role, its last snapshot knowing all three. */
function list(): WatchlistDoc {
  const doc = newWatchlist('Keepers', NOW);
  doc.entries = ['a', 'b', 'c'].map((id) => ({ service_id: id, name: id.toUpperCase(), added_at: NOW }));
  doc.snapshots = [
    {
      taken_at: NOW,
      data_as_of: '2026-11-21',
      players: {
        a: { league: 'Ligue 1', primary_role: 'gardien_relanceur' },
        b: { league: 'Ligue 1', primary_role: 'gardien_relanceur' },
        c: { league: 'Ligue 2', primary_role: 'faux_9' },
      },
    },
  ];
  return doc;
}

describe('refresh plans', () => {
  it('counts the rankings of the last snapshot, and bounds those a moved player may add', () => {
    const plan = refreshPlan(list());
    expect(plan).toMatchObject({
      resolve: 1,
      compare: 1,
      record: 1,
      rankings: 2,
      total: 5,
      more_rankings: 1,
    });
    expect(planBound(plan)).toBe(6);
    expect(planText(plan)).toContain('5 requests (1 resolve-batch, 1 compare, 1 player record, 2 rankings)');
    expect(planText(plan)).toContain('6 at most in all');
    // The listing says the same count.
    expect(summarize(list())).toMatchObject({ refresh_cost: 5, refresh_cost_max: 6 });
  });

  it('names the player whose move needed a ranking beyond the plan, and every retry', () => {
    const doc = list();
    const plan = refreshPlan(doc);
    const asked = {
      rankings: [
        { league: 'Ligue 1', role: 'gardien_relanceur', players: ['a'] },
        { league: 'Cypriot First Division', role: 'gardien_relanceur', players: ['b'] },
        { league: 'Ligue 2', role: 'faux_9', players: ['c'] },
      ],
      players: { a: { name: 'A' }, b: { name: 'Bertrand' }, c: { name: 'C' } },
    };
    const why = beyondPlan(plan, doc, asked, [{ route: 'compare', after: 'a 503' }]);
    expect(why).toEqual([
      'the compare request was retried after a 503',
      '1 ranking more than planned, for a league and primary role the last snapshot did not have (Bertrand in Cypriot First Division as gardien_relanceur)',
    ]);
    // Within the plan, nothing to say.
    expect(beyondPlan(plan, doc, { ...asked, rankings: asked.rankings.slice(0, 2) }, [])).toEqual([]);
  });

  it('orders the whole run stalest first, and marks the lists past the quota', () => {
    const lists = [
      { ...summarize(list()), name: 'Recent', last_refresh: '2026-11-27T00:00:00Z' },
      { ...summarize(list()), name: 'Never', last_refresh: null },
      { ...summarize(list()), name: 'Empty', players: 0, last_refresh: null },
      { ...summarize(list()), name: 'Old', last_refresh: '2026-11-01T00:00:00Z' },
    ];
    const run = runPlan(lists, { remaining: 11, unlimited: false });
    expect(run.order.map((l) => [l.name, l.within_quota])).toEqual([
      ['Never', true],
      ['Old', true],
      ['Recent', false],
    ]);
    expect(run).toMatchObject({ cost: 15, cost_max: 18, quota_left: 11 });
    expect(runPlan(lists, { remaining: null, unlimited: true }).order.every((l) => l.within_quota)).toBe(
      true,
    );
  });
});
