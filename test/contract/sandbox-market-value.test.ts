// The sandbox values a person, not a competition: his European cup row and his league row of the same
// season give one market value, in the records the API serves and in its scouting rows.
import { describe, expect, it } from 'vitest';
import { COMPS, CUPS } from '../../src/sandbox/data/leagues.js';
import { CURRENT_SEASON } from '../../src/sandbox/data/seasons.js';
import { World } from '../../src/sandbox/data/world.js';
import { useSandbox } from '../support/mcp.js';
import { sample } from '../support/sample.js';

const sandbox = useSandbox();

async function get(path: string) {
  const res = await fetch(sandbox.url + path, { headers: { 'X-API-Key': sandbox.demoKey } });
  expect(res.status, path).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: the sandbox's own shape
  return (await res.json()) as any;
}

describe('one market value a person, whatever the row', () => {
  const world = new World('football-scout');
  const cup = CUPS[0] ?? COMPS[0];
  const rows = cup ? world.compSeason(cup, CURRENT_SEASON).rows : [];
  const drawn = sample('cup rows valued against their league rows', rows, 25);

  it('a cup row and the league row of the same season carry one value', () => {
    expect(drawn.length).toBeGreaterThan(0);
    for (const row of drawn) {
      const league = world
        .rowsOfPerson(row.person.key)
        .find((r) => r.season === row.season && r.comp.type === 'league' && r.team === row.team);
      expect(league, row.id).toBeDefined();
      if (league) expect(world.marketValue(row), row.id).toBe(world.marketValue(league));
    }
  });

  it('the records served for both rows say the same value', async () => {
    for (const row of drawn.slice(0, 5)) {
      const league = world
        .rowsOfPerson(row.person.key)
        .find((r) => r.season === row.season && r.comp.type === 'league' && r.team === row.team);
      if (!league) continue;
      const [a, b] = await Promise.all([get(`/v1/players/${row.id}`), get(`/v1/players/${league.id}`)]);
      expect(a.data.market_value_eur, row.id).toBe(b.data.market_value_eur);
    }
  });
});
