// One rule for a player row's ids in every list, in both forms: the service_id, and the player_id only
// where the service_id does not name that row (an unlinked row, a European cup row: a service_id is read
// as the person's league row).
import { describe, expect, it } from 'vitest';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { callOk, useSandboxSession } from '../support/mcp.js';

type Row = {
  service_id: string | null;
  player_id?: string | null;
  name?: string | null;
  league?: string | null;
};

const LEAGUE = 'Ligue 1';
const CUP = 'UEFA Champions League';

const session = useSandboxSession({}, { key: () => SANDBOX_PRO_FULL_KEY });

const CUPS = ['UEFA Champions League', 'UEFA Europa League', 'UEFA Conference League'];

/**
 * Each row follows the rule in the structured form, and the text shows the same ids. A row is of a cup
 * when its league says so, or, in a list with no league column, when the list is of one.
 */
function followsRule(rows: Row[], text: string, scope: boolean, where: string) {
  expect(rows.length, where).toBeGreaterThan(0);
  for (const row of rows) {
    const label = `${where}: ${row.name}`;
    const cup = row.league == null ? scope : CUPS.includes(row.league);
    if (row.service_id === null) {
      expect(row.player_id, label).toEqual(expect.any(String));
      expect(text, label).toContain(`${row.player_id} (unlinked)`);
    } else if (cup) {
      expect(row.player_id, label).toEqual(expect.any(String));
      expect(text, label).toContain(`${row.service_id} (cup row ${row.player_id})`);
    } else {
      expect(row.player_id ?? null, label).toBeNull();
      expect(text, label).toContain(row.service_id);
    }
  }
}

/** Ids to pass on, as a model would take them from a list: the service_id, else the player_id. */
const idsOf = (rows: Row[]) => rows.map((r) => r.service_id ?? r.player_id ?? '');

describe.each([
  [LEAGUE, false],
  [CUP, true],
])('lists of %s', (league, cup) => {
  it('rank_players_by_role, scout_players, rank_players_by_statistic, comparison_group', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['rank_players_by_role', { role: 'defenseur_relanceur', league, limit: 40 }],
      ['scout_players', { roles: ['milieu_box_to_box', 'mezzala'], league, limit: 40 }],
      ['rank_players_by_statistic', { statistic: 'progressive_passes', league, limit: 40 }],
      ['comparison_group', { x: 'xg', y: 'progressive_passes', league, limit: 40 }],
    ];
    for (const [tool, args] of calls) {
      const { body, text } = await callOk(session.client, tool, args);
      followsRule(body.data, text, cup, tool);
    }
  });

  it('compare_players, fit_score and similar profiles of players from a ranking', async () => {
    const { body: ranked } = await callOk(session.client, 'rank_players_by_role', {
      role: 'milieu_box_to_box',
      league,
      limit: 4,
    });
    // A cup row is asked by its row id, as the ranking gives it; a league row by its service_id.
    const ids = cup ? ranked.data.map((r: Row) => r.player_id) : idsOf(ranked.data);
    const compared = await callOk(session.client, 'compare_players', { player_ids: ids });
    followsRule(compared.body.data, compared.text, cup, 'compare_players');
    const fits = await callOk(session.client, 'fit_score', { player_ids: ids.slice(0, 2) });
    followsRule(fits.body.data, fits.text, cup, 'fit_score');
    const player = await callOk(session.client, 'get_player', { player_id: ids[0], sections: ['similar'] });
    followsRule(player.body.data.similar, player.text, false, 'get_player similar');
  });
});

it("get_team's squad follows the rule", async () => {
  const { body: teams } = await callOk(session.client, 'search_teams', { league: LEAGUE, limit: 1 });
  const { body, text } = await callOk(session.client, 'get_team', {
    team_id: teams.data[0].team_id,
    sections: ['squad'],
    limit: 40,
  });
  followsRule(body.data.squad, text, false, 'get_team squad');
});

it("a cup row's player_id names that row, where its service_id names the league row", async () => {
  const { body } = await callOk(session.client, 'rank_players_by_role', {
    role: 'defenseur_relanceur',
    league: CUP,
  });
  const row = (body.data as (Row & { league: string })[]).find((r) => r.service_id !== null);
  expect(row?.league).toBe(CUP);
  const byRow = await callOk(session.client, 'get_player', { player_id: row?.player_id, sections: [] });
  const byPerson = await callOk(session.client, 'get_player', { player_id: row?.service_id, sections: [] });
  expect(byRow.body.data.player.league).toBe(CUP);
  expect(byPerson.body.data.player.league).not.toBe(CUP);
});
