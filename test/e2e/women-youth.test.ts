// A women's club and a youth academy scouting in their own words, through a real MCP client against the
// sandbox: no men's answer given for women's players, no club guessed, no unexplained empty list.
import { describe, expect, it } from 'vitest';
import { call, callOk, structured, textOf, useSandboxSession } from '../support/mcp.js';

const session = useSandboxSession();

/** The first `count` players of a ranking, by service_id. */
async function ranked(role: string, league: string, count: number): Promise<string[]> {
  const { body } = await callOk(session.client, 'rank_players_by_role', { role, league, limit: count });
  return body.data.map((r: { service_id: string }) => r.service_id);
}

describe("a club's sides: the players' football, never a guess", () => {
  it("scores women's players for the women's side of a club named as the men's, saying so", async () => {
    const ids = await ranked('defenseur_stoppeur', 'Première Ligue', 3);
    const { body, text } = await callOk(session.client, 'fit_score', {
      player_ids: ids,
      club: 'Chester Rovers',
    });
    for (const row of body.data) {
      expect(row.target_club).toBe('Chester Rovers Women');
      expect(row.target_league).toBe("Women's Super League");
    }
    expect(text).toContain("the players play women's football");
    expect(text).toContain('Chester Rovers Women');
  });

  it("names the league of the club in a scouting report's fit", async () => {
    const [id] = await ranked('defenseur_stoppeur', 'Première Ligue', 1);
    const { text } = await callOk(session.client, 'scouting_report', {
      player_id: id,
      club: 'Chester Rovers',
    });
    expect(text).toContain("### Fit for Chester Rovers Women (Women's Super League)");
  });

  it("keeps the men's side for men's players", async () => {
    const ids = await ranked('defenseur_stoppeur', 'Ligue 1', 2);
    const { body, text } = await callOk(session.client, 'fit_score', {
      player_ids: ids,
      club: 'Chester Rovers',
    });
    for (const row of body.data) expect(row.target_league).toBe('Premier League');
    expect(text).not.toContain("women's side");
  });
});

describe("one football at a time: gender and level across the key's leagues", () => {
  it("scout_players with gender reads every women's league of the key, saying the cost", async () => {
    const before = session.sandbox.requests().filter((r) => r.path.startsWith('/v1/scouting')).length;
    const { body, text } = await callOk(session.client, 'scout_players', {
      roles: ['CB'],
      gender: 'women',
      limit: 10,
    });
    const after = session.sandbox.requests().filter((r) => r.path.startsWith('/v1/scouting')).length;
    const leagues = structured(
      await call(session.client, 'list_leagues', { gender: 'women', limit: 200 }),
    ).data;
    const women = new Set(leagues.map((l: { name: string }) => l.name));
    expect(after - before).toBeGreaterThanOrEqual(women.size);
    expect(text).toContain(`women's football: ${women.size} leagues of the key`);
    for (const row of body.data) expect(women.has(row.league), row.league).toBe(true);
    expect(text).not.toContain('mixes');
  });

  it('rank_players_by_role with level youth ranks youth leagues only, merged by score', async () => {
    const { body, text } = await callOk(session.client, 'rank_players_by_role', {
      role: 'defenseur_stoppeur',
      level: 'youth',
      limit: 15,
    });
    const youth = new Set(
      structured(await call(session.client, 'list_leagues', { limit: 200 }))
        .data.filter((l: { level: string }) => l.level === 'youth')
        .map((l: { name: string }) => l.name),
    );
    for (const row of body.data) expect(youth.has(row.league), row.league).toBe(true);
    const scores = body.data.map((r: { score: number }) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(body.data.map((r: { rank: number }) => r.rank)).toEqual(
      scores.map((_: number, i: number) => i + 1),
    );
    expect(text).toContain('merged by score');
  });

  it("a table mixing men's and women's football says so", async () => {
    const result = await call(session.client, 'rank_players_by_role', { role: 'gardien_moderne', limit: 40 });
    const { data } = structured(result);
    const women = new Set(
      structured(await call(session.client, 'list_leagues', { gender: 'women', limit: 200 })).data.map(
        (l: { name: string }) => l.name,
      ),
    );
    const mixed =
      data.some((r: { league: string }) => women.has(r.league)) &&
      data.some((r: { league: string }) => !women.has(r.league));
    expect(mixed).toBe(true);
    expect(textOf(result)).toContain("mixes men's and women's football");
  });

  it("a statistic ranking across leagues shows each row's league, and says when it mixes", async () => {
    const result = await call(session.client, 'rank_players_by_statistic', { statistic: 'xg', limit: 40 });
    const { data } = structured(result);
    for (const row of data) expect(row.league).toEqual(expect.any(String));
    expect(textOf(result)).toContain('| league |');
    const women = new Set(
      structured(await call(session.client, 'list_leagues', { gender: 'women', limit: 200 })).data.map(
        (l: { name: string }) => l.name,
      ),
    );
    const mixed =
      data.some((r: { league: string }) => women.has(r.league)) &&
      data.some((r: { league: string }) => !women.has(r.league));
    expect(textOf(result).includes("mixes men's and women's football")).toBe(mixed);
  });
});

describe('list_leagues finds what a scout means', () => {
  /** The key's leagues, whole. */
  async function all(): Promise<{ name: string; gender: string; level: string; country: string }[]> {
    return structured(await call(session.client, 'list_leagues', { limit: 200 })).data;
  }

  it.each([
    ['women', (l: { gender: string }) => l.gender === 'women'],
    ['youth', (l: { level: string }) => l.level === 'youth'],
    ['reserve', (l: { level: string }) => l.level === 'youth'],
    [
      'French women',
      (l: { gender: string; country: string }) => l.gender === 'women' && l.country === 'France',
    ],
  ] as const)('query "%s" reads its words as facts of the leagues', async (query, fits) => {
    const leagues = await all();
    const { body, text } = await callOk(session.client, 'list_leagues', { query, limit: 200 });
    const expected = leagues.filter(fits as (l: unknown) => boolean).map((l) => l.name);
    expect(body.data.map((l: { name: string }) => l.name).sort()).toEqual([...expected].sort());
    expect(text).toContain('read as');
  });

  it('filters by level, and an empty answer says how to widen', async () => {
    const { body } = await callOk(session.client, 'list_leagues', { level: 'youth', gender: 'women' });
    for (const l of body.data) expect([l.level, l.gender]).toEqual(['youth', 'women']);
    const { text } = await callOk(session.client, 'list_leagues', { query: 'Nowhere women' });
    expect(text).toMatch(/without the name words \(nowhere\), \d+ match/);
  });
});

describe('an empty shortlist in a new season', () => {
  it('says the season searched and offers last season first', async () => {
    const result = await call(session.client, 'scout_players', {
      roles: ['CB'],
      league: 'Première Ligue',
      min_minutes: 5000,
    });
    const body = structured(result);
    expect(body.data).toHaveLength(0);
    expect(body.season).toMatch(/^\d{2}-\d{2}$/);
    const [start, end] = (body.season as string).split('-').map(Number) as [number, number];
    const last = `${String(start - 1).padStart(2, '0')}-${String(end - 1).padStart(2, '0')}`;
    expect(textOf(result)).toContain(`Season ${body.season}.`);
    expect(textOf(result)).toContain(`Try season "${last}" (last season) first`);
  });
});

describe("a women's club's brief, in its own words", () => {
  // "A ball-playing centre-back under 24 from the WSL or any women's league, for Chester Rovers Women."
  it("runs from words to a fit for the right side, never a men's answer", async () => {
    const women = new Set(
      structured(await call(session.client, 'list_leagues', { query: 'women', limit: 200 })).data.map(
        (l: { name: string }) => l.name,
      ),
    );
    const wsl = await callOk(session.client, 'rank_players_by_role', {
      role: 'ball-playing centre-back',
      league: 'WSL',
      limit: 5,
    });
    expect(wsl.text).toContain(`league "WSL" read as Women's Super League (England, women, tier 1)`);
    for (const row of wsl.body.data) expect(row.league).toBe("Women's Super League");

    const shortlist = await callOk(session.client, 'scout_players', {
      roles: ['ball-playing centre-back'],
      gender: 'women',
      max_age: 23,
      limit: 5,
    });
    expect(shortlist.body.data.length).toBeGreaterThan(0);
    for (const row of shortlist.body.data) expect(women.has(row.league), row.league).toBe(true);

    const ids = shortlist.body.data.slice(0, 3).map((r: { service_id: string }) => r.service_id);
    const fit = await callOk(session.client, 'fit_score', { player_ids: ids, club: 'Chester Rovers' });
    for (const row of fit.body.data) expect(women.has(row.target_league), row.target_league).toBe(true);

    const cup = await call(session.client, 'scout_players', {
      roles: ['CB'],
      league: "UEFA Women's Champions League",
    });
    expect(cup.isError).toBe(true);
    expect(textOf(cup)).toContain("The key covers no women's competition by that name");
    expect(textOf(cup)).toMatch(/Closest \(women's\): [^.]*Women/);
  });
});

describe("a youth academy's brief, in its own words", () => {
  // "Wingers under 19 in the youth leagues; the English U21 league's best."
  it('reads youth words as youth leagues and keeps to them', async () => {
    const youth = new Set(
      structured(await call(session.client, 'list_leagues', { query: 'youth', limit: 200 })).data.map(
        (l: { name: string }) => l.name,
      ),
    );
    expect(youth.size).toBeGreaterThan(1);
    const u21 = await callOk(session.client, 'rank_players_by_role', {
      role: 'dribbling winger',
      league: 'English U21',
      limit: 5,
    });
    expect(u21.text).toMatch(/league "English U21" read as [^(]+\(England, men, youth/);
    for (const row of u21.body.data) expect(youth.has(row.league), row.league).toBe(true);

    const shortlist = await callOk(session.client, 'scout_players', {
      roles: ['winger'],
      level: 'youth',
      max_age: 19,
      limit: 8,
    });
    for (const row of shortlist.body.data) {
      expect(youth.has(row.league), row.league).toBe(true);
      expect(row.age).toBeLessThanOrEqual(19);
    }
    const many = await call(session.client, 'rank_players_by_role', {
      role: 'ailier_provocateur',
      league: 'youth leagues',
    });
    expect(many.isError).toBe(true);
    expect(textOf(many)).toMatch(/fits \d+ of the key's leagues: .*Which one\?/);
  });
});
