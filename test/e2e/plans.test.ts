// Costs known before spending: a call that may send more than one request says its plan (an upper
// bound) in a progress notification before its first request, and its answer gives what it sent beside
// the plan, which it does not pass on a healthy upstream. Shortlists are drawn from the compositions
// their arguments allow (seeded sample; all in test:full), half with nothing from the cache.
import type { Progress } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { callOk, structured, textOf, useSandboxSession } from '../support/mcp.js';
import { drawn, sample } from '../support/sample.js';

const session = useSandboxSession({}, { key: () => SANDBOX_PRO_FULL_KEY });

/** A call with the progress it was told, in order. */
async function withProgress(name: string, args: Record<string, unknown>) {
  const told: Progress[] = [];
  const result = await session.client.callTool(
    { name, arguments: args },
    { onprogress: (p: Progress) => told.push(p) },
  );
  expect(result.isError, textOf(result as never)).toBeFalsy();
  return { body: structured(result as never), text: textOf(result as never), told };
}

const ROLE_SETS = [['milieu_box_to_box'], ['defenseur_relanceur', 'lateral_offensif'], ['CB']];
const LEAGUE_COUNTS = [0, 1, 3];
const FILTERS: Record<string, unknown>[] = [
  {},
  { max_age: 23 },
  { max_age: 19, min_minutes: 2500 },
  { position: 'winger' },
  { foot: 'left', record_budget: 5 },
  { max_value_eur: 5_000_000 },
];
const FRESH = [false, true];

const COMPOSITIONS = ROLE_SETS.flatMap((roles) =>
  LEAGUE_COUNTS.flatMap((leagues) =>
    FILTERS.flatMap((filters) => FRESH.map((fresh) => ({ roles, leagues, filters, fresh }))),
  ),
);

let leagueNames: string[];
beforeAll(async () => {
  const { body } = await callOk(session.client, 'list_leagues', {});
  leagueNames = (body.data as { name: string }[]).map((l) => l.name).slice(0, 3);
});

describe('scout_players says its plan before spending, and keeps to it', () => {
  for (const { roles, leagues, filters, fresh } of sample('scout_players plans', COMPOSITIONS, 8)) {
    const label = drawn(JSON.stringify({ roles, leagues, filters, fresh }));
    it(label, async () => {
      const args = {
        roles,
        ...(leagues > 0 ? { leagues: leagueNames.slice(0, leagues) } : {}),
        ...filters,
        ...(fresh ? { max_cache_age_s: 0 } : {}),
      };
      const { body, text, told } = await withProgress('scout_players', args);
      const { planned, sent, from_cache } = body.requests;
      // The first word of the call is its plan, the same number as the answer's.
      expect(told[0]?.message, label).toMatch(
        new RegExp(`^up to ${planned} requests \\(.+\\); cached answers are free$`),
      );
      expect(told[0]?.total).toBe(planned);
      expect(sent, label).toBeLessThanOrEqual(planned);
      expect(text).toContain(
        `Requests: ${sent} sent, ${from_cache} from the cache (planned at most ${planned}).`,
      );
    });
  }
});

describe('the other tools of several requests say their plan first, and keep to it on a cold cache', () => {
  const cases: Array<[string, () => Promise<Record<string, unknown>>]> = [
    ['get_player', async () => ({ player_id: await aPlayer(), sections: ['roles', 'strengths', 'similar'] })],
    ['scouting_report', async () => ({ player_id: await aPlayer(), club: 'Reims' })],
    ['get_team', async () => ({ team_id: (await aTeam()).team_id, sections: ['squad', 'similar'] })],
    ['get_coach', async () => ({ coach_id: await aCoach(), sections: ['career', 'tactical_profile'] })],
    ['my_account', async () => ({ sections: ['indices', 'presets'] })],
    [
      'rank_players_by_statistic',
      async () => ({ statistic: 'progressive_passes', league: 'Belgian second division' }),
    ],
    [
      'comparison_group',
      async () => ({
        x: 'progressive_passes',
        y: 'pass_completion_pct',
        league: 'Ligue 1',
        highlight: [await aPlayer()],
      }),
    ],
    ['compare_players', async () => ({ player_ids: await players(3) })],
    ['fit_score', async () => ({ player_ids: await players(2), club: 'Reims' })],
    ['search_players', async () => ({ query: 'Mba', league: 'Belgian second division' })],
    ['list_leagues', async () => ({ query: 'france' })],
  ];
  for (const [name, args] of cases) {
    it(name, async () => {
      const given = await args();
      await session.deps.api.settled();
      const before = session.sandbox.requestCount();
      const { told } = await withProgress(name, { ...given, max_cache_age_s: 0 });
      const sent = session.sandbox.requestCount() - before;
      const planned = Number(/^up to (\d+) requests \(/.exec(told[0]?.message ?? '')?.[1]);
      expect(told[0]?.progress).toBe(0);
      expect(planned, told[0]?.message).toBeGreaterThan(1);
      expect(sent).toBeLessThanOrEqual(planned);
    });
  }
});

describe('the tools that may send several requests give what they sent beside their plan', () => {
  const cases: Array<[string, () => Promise<Record<string, unknown>>]> = [
    ['compare_players', async () => ({ player_ids: await players(2) })],
    ['fit_score', async () => ({ player_ids: await players(2) })],
    ['resolve_players', async () => ({ players: (await players(3)).map((id) => ({ player_id: id })) })],
    ['search_players', async () => ({ query: 'Mba' })],
    ['list_leagues', async () => ({})],
  ];
  for (const [name, args] of cases) {
    it(name, async () => {
      const given = await args();
      for (const fresh of [true, false]) {
        const { body, text } = await withProgress(name, {
          ...given,
          ...(fresh ? { max_cache_age_s: 0 } : {}),
        });
        const { planned, sent, from_cache } = body.requests;
        expect(planned).toBeGreaterThanOrEqual(1);
        expect(sent).toBeLessThanOrEqual(planned);
        if (!fresh) expect(sent).toBe(0);
        expect(text).toContain(
          `Requests: ${sent} sent, ${from_cache} from the cache (planned at most ${planned}).`,
        );
      }
    });
  }
});

async function players(count: number): Promise<string[]> {
  const { body } = await callOk(session.client, 'rank_players_by_role', {
    role: 'defenseur_relanceur',
    limit: count,
  });
  return (body.data as { service_id: string | null; player_id?: string }[]).map(
    (row) => (row.service_id ?? row.player_id) as string,
  );
}

async function aPlayer(): Promise<string> {
  const { body } = await callOk(session.client, 'rank_players_by_role', {
    role: 'defenseur_relanceur',
    limit: 1,
  });
  const [row] = body.data as { service_id: string | null; player_id?: string }[];
  return (row?.service_id ?? row?.player_id) as string;
}

async function aTeam(): Promise<{ team_id: string }> {
  const { body } = await callOk(session.client, 'search_teams', { league: 'Ligue 1', limit: 1 });
  return body.data[0];
}

async function aCoach(): Promise<string> {
  const { body } = await callOk(session.client, 'search_coaches', { league: 'Ligue 1', limit: 1 });
  return body.data[0].coach_id;
}

describe('update_watchlist states its requests', () => {
  it('an add: one resolve-batch, said in the answer; asked again, none sent', async () => {
    const ranked = (
      await callOk(session.client, 'rank_players_by_role', { role: 'renard_des_surfaces', limit: 3 })
    ).body.data as { service_id: string | null; player_id?: string }[];
    const ids = ranked.map((r) => (r.service_id ?? r.player_id) as string);
    const add = ids.map((id) => ({ player_id: id }));
    const first = await withProgress('update_watchlist', { watchlist: 'Plans', add, max_cache_age_s: 0 });
    expect(first.body.requests).toEqual({ planned: 1, sent: 1, from_cache: 0 });
    expect(first.text).toContain('Requests: 1 sent, 0 from the cache (planned at most 1).');
    const again = await withProgress('update_watchlist', { watchlist: 'Plans', add });
    expect(again.body.requests).toMatchObject({ planned: 1, sent: 0 });
    const removed = await withProgress('update_watchlist', {
      watchlist: 'Plans',
      remove: [ids[0]],
    });
    expect(removed.body.requests).toEqual({ planned: 0, sent: 0, from_cache: 0 });
    expect(removed.text).toContain('Requests: none.');
  });
});
