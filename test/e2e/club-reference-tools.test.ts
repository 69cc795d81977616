// The team, coach, statistics, glossary and account tools through a real SDK Client against the
// sandbox over real HTTP: answers, truncation, optional sections that fail without failing the call.
import { describe, expect, it } from 'vitest';
import { SANDBOX_PRO_LIGUE_KEY } from '../../src/sandbox/keys.js';
import { PAGE_SIZE } from '../../tools/kit/pages.js';
import { call, sandboxClient, structured, textOf, useSandboxSession } from '../support/mcp.js';

const session = useSandboxSession();

interface Team {
  team_id: string;
  name: string;
  league: string;
}

const paths = (prefix: string) => session.sandbox.requests().filter((r) => r.path.startsWith(prefix));

async function teamsOf(league: string, limit = 3): Promise<Team[]> {
  return structured(await call(session.client, 'search_teams', { league, limit })).data;
}

describe('search_teams', () => {
  it('lists a league with ids and says how to see the rest', async () => {
    const result = await call(session.client, 'search_teams', { league: 'Ligue 1', limit: 4 });
    const body = structured(result);
    expect(body.data).toHaveLength(4);
    expect(body.data.every((t: Team) => t.league === 'Ligue 1' && /\S/.test(t.team_id))).toBe(true);
    expect(body.has_more).toBe(true);
    expect(body.notes.join(' ')).toMatch(/4 of \d+ rows shown: raise limit \(up to 100\)/);
    expect(textOf(result)).toMatch(/\| team \| league \| country \| city \| coach \| team_id \|/);
  });

  it("shows each team's city and, in its first line, the season the rows carry, as the API sent them", async () => {
    const result = await call(session.client, 'search_teams', { league: 'Bundesliga', limit: 5 });
    const body = structured(result);
    const sent = await fetch(`${session.sandbox.url}/v1/teams?league=Bundesliga&limit=5`, {
      headers: { 'X-API-Key': session.sandbox.demoKey },
    });
    const rows = ((await sent.json()) as { data: { team_id: string; city: string; season: string }[] }).data;
    const seasons = [...new Set(rows.map((t) => t.season))];
    expect(seasons).toHaveLength(1);
    expect(rows.every((t) => /\S/.test(t.city))).toBe(true);
    const byId = new Map(rows.map((t) => [t.team_id, t]));
    for (const team of body.data as (Team & { city: string })[]) {
      expect(team.city).toBe(byId.get(team.team_id)?.city);
      expect(textOf(result)).toContain(`| ${team.city} |`);
      // One season said once: not repeated row by row.
      expect(team).not.toHaveProperty('season');
    }
    expect(body.season).toBe(seasons[0]);
    expect(textOf(result).split('\n')[0]).toMatch(new RegExp(`^Season ${seasons[0]}\\b`));
  });

  it('finds a team by part of its name, with no has_more when all are shown', async () => {
    const [team] = await teamsOf('Eredivisie', 1);
    const word = team?.name.split(' ').at(-1) ?? '';
    const body = structured(
      await call(session.client, 'search_teams', { query: word, league: 'Eredivisie' }),
    );
    expect(body.data.map((t: Team) => t.team_id)).toContain(team?.team_id);
    expect(body.has_more).toBe(false);
    expect(body.notes).toBeUndefined();
  });

  it('names the closest leagues for a wrong league', async () => {
    const result = await call(session.client, 'search_teams', { league: 'Eredivise' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Closest: Eredivisie');
  });
});

describe('get_team', () => {
  it('gives the record and runs the sections in parallel, each on its route', async () => {
    const [a, b] = await teamsOf('Ligue 1', 2);
    const before = session.sandbox.requestCount();
    const result = await call(session.client, 'get_team', {
      team_id: a?.team_id,
      sections: ['squad', 'similar'],
      other_team_id: b?.team_id,
      limit: 5,
    });
    const body = structured(result);
    expect(session.sandbox.requestCount() - before).toBe(4);
    expect(body.data.team).toMatchObject({ team_id: a?.team_id, name: a?.name, league: 'Ligue 1' });
    expect(body.data.squad).toHaveLength(5);
    expect(body.data.squad[0]).toHaveProperty('primary_role');
    expect(body.data.similar).toHaveLength(5);
    expect(body.data.head_to_head.opponent).toBe(b?.name);
    expect(body.data.head_to_head.played).toBe(
      body.data.head_to_head.wins + body.data.head_to_head.draws + body.data.head_to_head.losses,
    );
    expect(body.has_more).toBe(true);
    expect(body.notes.join(' ')).toMatch(/squad: 5 of \d+ rows shown: raise limit \(up to 60\)/);
    expect(body.failed_sections).toBeUndefined();
    const text = textOf(result);
    for (const heading of ['Squad:', 'Similar teams:', `Head-to-head with ${b?.name}`])
      expect(text).toContain(heading);
  });

  it('gives the whole squad when it fits the limit, with has_more false', async () => {
    const [team] = await teamsOf('Serie A', 1);
    const body = structured(
      await call(session.client, 'get_team', { team_id: team?.team_id, sections: ['squad'], limit: 60 }),
    );
    expect(body.data.squad).toHaveLength(body.data.team.squad_size);
    expect(body.has_more).toBe(false);
    expect(body.notes).toBeUndefined();
  });

  it('asks for other_team_id before any request when head_to_head lacks it', async () => {
    const before = session.sandbox.requestCount();
    const result = await call(session.client, 'get_team', {
      team_id: 'whatever',
      sections: ['head_to_head'],
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('other_team_id');
    expect(session.sandbox.requestCount()).toBe(before);
  });

  it('reports a failing section inside the result: 403 and 404 sections, the record still served', async () => {
    const { client: restricted, close } = await sandboxClient(session.sandbox.url, SANDBOX_PRO_LIGUE_KEY);
    try {
      const [home] = await teamsOf('Ligue 1', 1);
      const [away] = await teamsOf('Serie A', 1);
      const forbidden = structured(
        await call(restricted, 'get_team', {
          team_id: home?.team_id,
          sections: ['squad'],
          other_team_id: away?.team_id,
        }),
      );
      expect(forbidden.data.team.team_id).toBe(home?.team_id);
      expect(forbidden.data.squad.length).toBeGreaterThan(0);
      expect(forbidden.data.head_to_head).toBeUndefined();
      expect(forbidden.failed_sections.head_to_head).toContain('list_leagues');
      expect(forbidden.notes.join(' ')).toContain('section head_to_head unavailable');

      const missing = await call(restricted, 'get_team', { team_id: home?.team_id, other_team_id: 'tnope' });
      expect(missing.isError).toBeFalsy();
      expect(structured(missing).failed_sections.head_to_head).toContain('other_team_id');
      expect(textOf(missing)).toContain('section head_to_head unavailable');
    } finally {
      await close();
    }
  });

  it('fails as a whole, with the search hint, when the team itself is unknown', async () => {
    const result = await call(session.client, 'get_team', { team_id: 'tnope', sections: ['squad'] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('search_teams');
  });
});

describe('search_coaches and get_coach', () => {
  it('finds a coach and reads the record, career and tactical profile', async () => {
    const searched = await call(session.client, 'search_coaches', { league: 'Bundesliga', limit: 2 });
    const coaches = structured(searched);
    expect(coaches.data).toHaveLength(2);
    expect(coaches.has_more).toBe(true);
    const [coach] = coaches.data;
    const byName = structured(await call(session.client, 'search_coaches', { query: coach.name }));
    expect(byName.data.map((c: { coach_id: string }) => c.coach_id)).toContain(coach.coach_id);

    const result = await call(session.client, 'get_coach', {
      coach_id: coach.coach_id,
      sections: ['career', 'tactical_profile'],
    });
    const body = structured(result);
    // The search row gives what the record gives of the coach's post: no get_coach needed for it.
    expect(coach.since).toEqual(expect.any(String));
    expect(body.data.coach).toMatchObject({
      coach_id: coach.coach_id,
      name: coach.name,
      team: coach.team,
      nationality: coach.nationality,
      since: coach.since,
    });
    expect(body.data.career.length).toBeGreaterThan(0);
    expect(body.data.career.at(-1).club).toBeTypeOf('string');
    expect(body.data.tactical_profile.formation).toBe(coach.formation);
    // The team_id beside the team is what get_team takes: no search_teams needed to reach the club.
    expect(coach.team_id).toEqual(expect.any(String));
    expect(textOf(searched)).toContain(coach.team_id);
    const team = structured(await call(session.client, 'get_team', { team_id: coach.team_id }));
    expect(team.data.team).toMatchObject({ team_id: coach.team_id, name: coach.team });
    expect(Array.isArray(body.data.tactical_profile.favoured_roles)).toBe(true);
    expect(textOf(result)).toContain('Tactical profile:');
    expect(paths('/v1/coaches/').map((r) => r.path.split('?')[0])).toEqual(
      expect.arrayContaining([
        `/v1/coaches/${coach.coach_id}`,
        `/v1/coaches/${coach.coach_id}/career`,
        `/v1/coaches/${coach.coach_id}/tactical-profile`,
      ]),
    );
  });

  it('sends only the record request without sections', async () => {
    const [coach] = structured(
      await call(session.client, 'search_coaches', { league: 'Serie A', limit: 1 }),
    ).data;
    const before = session.sandbox.requestCount();
    const body = structured(await call(session.client, 'get_coach', { coach_id: coach.coach_id }));
    expect(session.sandbox.requestCount() - before).toBe(1);
    expect(body.data.career).toBeUndefined();
  });

  it('an unknown coach id points to search_coaches', async () => {
    const result = await call(session.client, 'get_coach', { coach_id: 'cnope' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('search_coaches');
  });
});

describe('rank_players_by_statistic', () => {
  it('ranks a league by a statistic, highest first, within a position', async () => {
    const result = await call(session.client, 'rank_players_by_statistic', {
      statistic: 'progressive_passes',
      league: 'Ligue 1',
      position: 'centre_back',
      limit: 5,
    });
    const body = structured(result);
    expect(body.statistic).toBe('progressive_passes');
    expect(body.unit).toBe('per 90');
    const values = body.data.map((e: { value: number }) => e.value);
    expect(values).toHaveLength(5);
    expect([...values].sort((x, y) => y - x)).toEqual(values);
    expect(body.has_more).toBe(true);
    const sent = paths('/v1/rankings/statistics').at(-1)?.path ?? '';
    expect(sent).toContain('position=centre_back');
    // Named in words by the glossary (the structured form gives the key), never by the key.
    const words = structured(await call(session.client, 'get_glossary', { limit: 100 })).data as {
      key: string;
      name: string;
    }[];
    const name = words.find((e) => e.key === 'progressive_passes')?.name;
    expect(body.statistic_names).toBeUndefined();
    expect(name).toEqual(expect.any(String));
    expect(textOf(result)).toContain(`${name} (per 90) ranking in Ligue 1`);
  });

  it('reads a statistic by its glossary name, and refuses an unknown one with the nearest keys', async () => {
    const byName = structured(
      await call(session.client, 'rank_players_by_statistic', {
        statistic: 'Expected goals',
        league: 'Ligue 1',
        limit: 2,
      }),
    );
    expect(byName.statistic).toBe('xg');
    const before = paths('/v1/rankings/statistics').length;
    const result = await call(session.client, 'rank_players_by_statistic', { statistic: 'progresive_pases' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Closest: progressive_passes');
    expect(textOf(result)).toContain('get_glossary');
    expect(paths('/v1/rankings/statistics').length).toBe(before);
  });
});

describe('get_glossary', () => {
  it('filters locally by words and kind: one request for any number of calls', async () => {
    const first = structured(
      await call(session.client, 'get_glossary', { query: 'pass', kind: 'statistic' }),
    );
    expect(first.data.length).toBeGreaterThan(2);
    for (const e of first.data) {
      expect(e.kind).toBe('statistic');
      expect(`${e.key} ${e.name} ${e.definition}`.toLowerCase()).toContain('pass');
    }
    const before = session.sandbox.requestCount();
    const roles = structured(await call(session.client, 'get_glossary', { kind: 'role_index', limit: 5 }));
    expect(session.sandbox.requestCount()).toBe(before);
    expect(roles.data).toHaveLength(5);
    expect(roles.total).toBe(31);
    expect(roles.has_more).toBe(true);
    expect(roles.notes.join(' ')).toContain('5 of 31 rows shown');
    expect(paths('/v1/glossary').every((r) => !r.path.includes('?'))).toBe(true);
  });
});

describe('comparison_group', () => {
  it('gives the spread and correlation of two statistics and highlights players of interest', async () => {
    const all = structured(
      await call(session.client, 'comparison_group', {
        x: 'xg',
        y: 'progressive_passes',
        league: 'Ligue 1',
        limit: 60,
      }),
    );
    expect(all.count).toBeGreaterThan(60);
    expect(all.spread.x.median).toBeTypeOf('number');
    expect(all.spread.correlation).toBeGreaterThanOrEqual(-1);
    const far = all.data[50];
    const near = all.data[1];
    // A linked row carries its service_id only; its player_id (this season's row) is in its record.
    const farRow =
      far.player_id ??
      structured(await call(session.client, 'get_player', { player_id: far.service_id, sections: [] })).data
        .player.player_id;
    const result = await call(session.client, 'comparison_group', {
      x: 'xg',
      y: 'progressive_passes',
      league: 'Ligue 1',
      limit: 5,
      highlight: [near.service_id ?? near.player_id, farRow, 'ds_0000000000000000'],
    });
    const body = structured(result);
    expect(body.data).toHaveLength(6);
    expect(
      body.data.filter((p: { highlighted: boolean }) => p.highlighted).map((p: { name: string }) => p.name),
    ).toEqual([near.name, far.name]);
    expect(body.has_more).toBe(true);
    // Not found: said of what the API sent, never as a fact of the group (that they are its most played).
    expect(body.notes).toContain(
      `not among the ${PAGE_SIZE.comparisonGroup} players the API sent of the group's ${all.count} (another league, season or position, too few minutes, or beyond what the API sends): ds_0000000000000000.`,
    );
    expect(textOf(result)).toContain(`★ ${far.name}`);
  });

  it('checks both statistics against the glossary before the request', async () => {
    const before = paths('/v1/comparison').length;
    const result = await call(session.client, 'comparison_group', { x: 'xg', y: 'tacklez' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Invalid y: .*Closest: tackles/);
    expect(paths('/v1/comparison').length).toBe(before);
  });
});

describe('my_account', () => {
  it('gives the plan and leagues, and the saved indices and presets on request', async () => {
    const plainResult = await call(session.client, 'my_account');
    const plain = structured(plainResult);
    expect(plain.data).toMatchObject({ plan: 'Demo', daily_limit: 2500, leagues: 'all' });
    // The demo key has no expiry date: the answer says the API gave none, never that it never expires.
    expect(plain.data.expires_at).toBeUndefined();
    expect(textOf(plainResult)).toContain('expires not given');
    expect(plain.data.indices).toBeUndefined();
    const result = await call(session.client, 'my_account', { sections: ['indices', 'presets'] });
    const body = structured(result);
    expect(body.data.indices.length).toBeGreaterThan(0);
    expect(body.data.indices[0].detail).toMatch(/\w+ 0\.\d+/);
    expect(body.data.presets[0].detail).toMatch(/^(GET|POST) \/v1\/\w+$/);
    // A preset's parameters as sent (an object), and an index's description, in both forms.
    expect(body.data.presets[0].parameters).toBeTypeOf('object');
    expect(textOf(result)).toContain(JSON.stringify(body.data.presets[0].parameters));
    const described = body.data.indices.find((i: { description?: string }) => i.description);
    expect(textOf(result)).toContain(`${described.name}: ${described.description}`);
    expect(textOf(result)).toContain('Saved presets:');
    expect(textOf(result)).not.toContain(session.sandbox.demoKey);
  });

  it('lists the leagues of a restricted key', async () => {
    const { client: restricted, close } = await sandboxClient(session.sandbox.url, SANDBOX_PRO_LIGUE_KEY);
    try {
      const body = structured(await call(restricted, 'my_account'));
      expect(body.data.leagues).toEqual(expect.arrayContaining(['Ligue 1', 'Ligue 2']));
      expect(body.data.plan).toBe('Pro Ligue');
    } finally {
      await close();
    }
  });
});
