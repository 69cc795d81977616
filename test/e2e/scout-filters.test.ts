// A scout's brief through the built server over HTTP, with a real SDK client on the embedded sandbox:
// several leagues in one scout_players, a position family, a preferred foot whose record calls are
// counted before they are spent, a value ceiling; and a name search that ranks namesakes by prominence.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, structured, textOf, useHttpServerSession } from '../support/mcp.js';

const server = useHttpServerSession('scout-filters', ['--sandbox']);

beforeAll(async () => {
  await server.client.listTools();
});

const LEAGUES = ['Ligue 2', 'Challenger Pro League', 'Eredivisie'];
const CEILING = 5_000_000;
/** "A left-footed centre-back, under 23, from Ligue 2, the Challenger Pro League or the Eredivisie, max €5m." */
const BRIEF = {
  roles: ['CB'],
  max_age: 22,
  leagues: LEAGUES,
  position: 'centre-back',
  foot: 'left',
  max_value_eur: CEILING,
  limit: 5,
};

async function record(id: string) {
  const result = await call(server.client, 'get_player', { player_id: id, sections: [] });
  expect(result.isError, textOf(result)).toBeFalsy();
  return structured(result).data.player;
}

describe('scout_players with a brief', () => {
  it('without a record budget, says how many player records the foot needs and spends none', async () => {
    const result = await call(server.client, 'scout_players', BRIEF);
    expect(result.isError, textOf(result)).toBeFalsy();
    const body = structured(result);
    const notes: string[] = body.notes;
    const needs = notes.map((n) => /foot: (\d+) candidates' rows do not carry it/.exec(n)).find(Boolean);
    expect(needs, notes.join('\n')).toBeTruthy();
    expect(Number(needs?.[1])).toBeGreaterThan(0);
    expect(notes.join('\n')).toContain('0 read within record_budget 0');
    expect(notes.join('\n')).toMatch(/raise record_budget to \d+/);
    // One request per league, and none for records.
    expect(notes.join('\n')).toContain(`${LEAGUES.length} league lists read: ${LEAGUES.length} requests`);
    // Unchecked players are not passed off as left-footed.
    expect(body.data).toEqual([]);
    expect(body.has_more).toBe(true);
  });

  it('within a record budget, answers only left-footed centre-backs of those leagues, under 23, within the ceiling', async () => {
    const result = await call(server.client, 'scout_players', { ...BRIEF, record_budget: 60 });
    expect(result.isError, textOf(result)).toBeFalsy();
    const body = structured(result);
    const notes = (body.notes as string[]).join('\n');
    expect(body.data.length, notes).toBeGreaterThan(0);
    const spent = /(\d+) read within record_budget 60/.exec(notes);
    expect(spent, notes).toBeTruthy();
    expect(Number(spent?.[1])).toBeGreaterThan(0);
    expect(Number(spent?.[1])).toBeLessThanOrEqual(60);
    const scores = body.data.map((p: { score: number }) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const ids = body.data.map(
      (p: { service_id: string | null; player_id: string }) => p.service_id ?? p.player_id,
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, player] of body.data.entries()) {
      expect(LEAGUES).toContain(player.league);
      expect(player.age).toBeLessThanOrEqual(22);
      expect(player.market_value_eur).not.toBeNull();
      expect(player.market_value_eur).toBeLessThanOrEqual(CEILING);
      // The player's own record: the position and foot the answer claims.
      const card = await record(ids[i]);
      expect(card.foot).toBe('left');
      expect(card.position).toBe('centre_back');
    }
  });

  it('leaves out rows of other positions that the scouting answer ranks under a centre-back role', async () => {
    const plain = structured(
      await call(server.client, 'scout_players', {
        roles: ['defenseur_relanceur'],
        leagues: LEAGUES,
        limit: 100,
      }),
    );
    const positions = new Set(plain.data.map((p: { league: string }) => p.league));
    for (const league of positions) expect(LEAGUES).toContain(league);
    const filtered = structured(
      await call(server.client, 'scout_players', {
        roles: ['defenseur_relanceur'],
        leagues: LEAGUES,
        position: 'centre_back',
        limit: 100,
      }),
    );
    expect(filtered.data.length).toBeGreaterThan(0);
    for (const player of filtered.data.slice(0, 5))
      expect((await record(player.service_id ?? player.player_id)).position).toBe('centre_back');
    expect((filtered.notes as string[]).join('\n')).toMatch(
      /position centre back: \d+ rows of other positions left out/,
    );
  });

  it('refuses a position it cannot place, naming the families', async () => {
    const result = await call(server.client, 'scout_players', { roles: ['CB'], position: 'libero-ish' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('centre_back');
  });
});

describe('search_players ranks namesakes', () => {
  it('puts the most prominent Mbondé first, not the alphabetically first', async () => {
    const all = structured(await call(server.client, 'search_players', { query: 'Mbondé', limit: 50 })).data;
    expect(all.length).toBeGreaterThan(10);
    const minutes = new Map<string, number>();
    for (const p of all) {
      const id = p.service_id ?? p.player_id;
      const played = (await record(id)).minutes;
      expect(typeof played).toBe('number');
      minutes.set(id, played);
    }
    const most = Math.max(...minutes.values());
    const page = structured(await call(server.client, 'search_players', { query: 'Mbondé', limit: 10 })).data;
    expect(page).toHaveLength(10);
    const first = page[0];
    expect(minutes.get(first.service_id ?? first.player_id)).toBe(most);
    const shown = page.map((p: { service_id: string | null; player_id: string }) =>
      minutes.get(p.service_id ?? p.player_id),
    );
    expect(shown).toEqual([...shown].sort((a, b) => (b ?? 0) - (a ?? 0)));
  });
});
