// One answer, two lean forms: for a typical call of each tool, the structured content costs at most
// 1.1 times the text's tokens (o200k), and a 20-row ranking stays under 1 000 tokens in each form. A
// real SDK client reads every answer, and it checks the structured content against the tool's output
// schema (the call throws if they disagree).
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { call, structured, textOf, useSandboxSession, wireOf } from '../support/mcp.js';
import { countTokens } from '../support/tokens.js';

const RATIO = 1.1;
const RANKING_BUDGET = 1000;

// No cache: every answer is fresh, its footer the shortest (a cached one names its time), so each
// ratio is measured on the leanest text.
const session = useSandboxSession({}, { key: () => SANDBOX_PRO_FULL_KEY, config: { cacheMaxEntries: 0 } });

async function forms(name: string, args: Record<string, unknown>) {
  const result = await call(session.client, name, args);
  const text = textOf(result);
  const wire = JSON.stringify(wireOf(result));
  return { result, text: countTokens(text), structured: countTokens(wire) };
}

const RANKING = { role: 'defenseur_relanceur', limit: 20 };

describe('a 20-row ranking', () => {
  it(`is under ${RANKING_BUDGET} tokens in each form, its structured content a table`, async () => {
    const { result, text, structured: json } = await forms('rank_players_by_role', RANKING);
    process.stderr.write(`lean forms: 20-row ranking: text ${text}, structured ${json} tokens\n`);
    expect(text).toBeLessThanOrEqual(RANKING_BUDGET);
    expect(json).toBeLessThanOrEqual(RANKING_BUDGET);
    expect(json).toBeLessThanOrEqual(RATIO * text);
    // The wire shape: field names once, one array a row, in the columns' order.
    const { data } = wireOf(result);
    expect(data.columns).toEqual(expect.arrayContaining(['rank', 'name', 'club', 'score', 'service_id']));
    expect(data.rows).toHaveLength(20);
    for (const row of data.rows) expect(row).toHaveLength(data.columns.length);
    // The footer (origin and quota) is a text block of its own, after the answer.
    expect(result.content).toHaveLength(2);
    expect(textOf({ content: [result.content[1]] } as never)).toMatch(/^— .*quota: /);
    // Tests and clients read the table back as rows.
    expect(structured(result).data[0]).toMatchObject({ rank: 1 });
  });
});

describe(`every tool's structured content is at most ${RATIO} times its text`, () => {
  const calls: Array<[string, (ids: Ids) => Record<string, unknown>]> = [
    ['search_players', (ids) => ({ query: ids.surname })],
    ['rank_players_by_role', () => ({ role: 'defenseur_relanceur', league: 'Ligue 1' })],
    ['scout_players', () => ({ roles: ['milieu_box_to_box', 'mezzala'], max_age: 24, min_minutes: 900 })],
    ['search_coaches', () => ({ league: 'Ligue 1' })],
    ['compare_players', (ids) => ({ player_ids: ids.players.slice(0, 3) })],
    ['fit_score', (ids) => ({ player_ids: ids.players.slice(0, 3), club: ids.club })],
    ['resolve_players', (ids) => ({ players: ids.players.slice(0, 5).map((id) => ({ player_id: id })) })],
    ['player_history', (ids) => ({ player_id: ids.players[0] })],
    ['get_player', (ids) => ({ player_id: ids.players[0] })],
    ['scouting_report', (ids) => ({ player_id: ids.players[0], club: ids.club })],
    ['list_leagues', () => ({ query: 'france' })],
    ['list_roles', () => ({})],
    ['quota_status', () => ({})],
    ['search_teams', () => ({ league: 'Ligue 1' })],
    ['get_team', (ids) => ({ team_id: ids.teams[0], sections: ['squad'], other_team_id: ids.teams[1] })],
    ['get_coach', (ids) => ({ coach_id: ids.coach, sections: ['career', 'tactical_profile'] })],
    ['rank_players_by_statistic', () => ({ statistic: 'progressive_passes', league: 'Ligue 1' })],
    ['get_glossary', () => ({ query: 'pass' })],
    [
      'comparison_group',
      (ids) => ({
        x: 'progressive_passes',
        y: 'pass_completion_pct',
        league: 'Ligue 1',
        highlight: ids.players.slice(0, 2),
      }),
    ],
    ['my_account', () => ({ sections: ['indices', 'presets'] })],
    // In this order: the list is made, then reported on.
    [
      'update_watchlist',
      (ids) => ({ watchlist: 'Lean forms', add: ids.players.slice(0, 3).map((id) => ({ player_id: id })) }),
    ],
    ['watchlist_report', () => ({ watchlist: 'Lean forms' })],
    ['watchlist_report (the lists)', () => ({})],
  ];

  let ids: Ids;
  beforeAll(async () => {
    const ranked = structured(
      await call(session.client, 'rank_players_by_role', {
        role: 'defenseur_relanceur',
        league: 'Ligue 1',
        limit: 6,
      }),
    ).data as { service_id: string | null; player_id: string | null; name: string; club: string }[];
    const teams = structured(
      await call(session.client, 'search_teams', { league: 'Ligue 1', limit: 2 }),
    ).data;
    const coaches = structured(
      await call(session.client, 'search_coaches', { league: 'Ligue 1', limit: 1 }),
    ).data;
    ids = {
      players: ranked.map((r) => r.service_id ?? r.player_id ?? ''),
      surname: ranked[0]?.name.split(' ').at(-1) ?? '',
      club: ranked.find((r) => r.club !== ranked[0]?.club)?.club ?? '',
      teams: teams.map((t: { team_id: string }) => t.team_id),
      coach: coaches[0]?.coach_id,
    };
  });

  for (const [name, args] of calls) {
    it(name, async () => {
      const tool = name.split(' ')[0] as string;
      const { result, text, structured: json } = await forms(tool, args(ids));
      expect(result.isError, textOf(result)).toBeFalsy();
      process.stderr.write(`lean forms: ${name}: text ${text}, structured ${json} tokens\n`);
      expect(json).toBeLessThanOrEqual(RATIO * text);
    });
  }
});

interface Ids {
  players: string[];
  surname: string;
  club: string;
  teams: string[];
  coach: string;
}
