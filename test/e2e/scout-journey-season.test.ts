// Early in the season, through the built server over HTTP with a real SDK client on the sandbox at week 0
// (its current season a third played, so minutes are low): every answer names its season, rows of
// different seasons are named, a fallback to an earlier season is said, and an empty list says which
// filter kept every row out and what to relax.
import { describe, expect, it } from 'vitest';
import { call, structured, textOf, useHttpServerSession } from '../support/mcp.js';

/** A goalkeeper whose row of the current season (26-27) is not linked yet: by service_id, his 25-26 row. */
const LINKED_LAST_SEASON = 'ds_000002q4fu2L7Ul2';
/** An Eredivisie centre-back with a linked 26-27 row. */
const LINKED_THIS_SEASON = 'ds_01204shrDaEyINfT';

const server = useHttpServerSession('scout-journey-season', ['--sandbox', '--sandbox-week', '0']);

const firstLine = (text: string) => text.split('\n')[0] ?? '';

describe('the season said everywhere', () => {
  it('a ranking without a season names the one its rows carry, in the first line and the season field', async () => {
    const result = await call(server.client, 'rank_players_by_role', {
      role: 'defenseur_relanceur',
      league: 'Eredivisie',
      limit: 3,
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(firstLine(textOf(result))).toMatch(/^Season 26-27\b/);
    expect(structured(result).season).toBe('26-27');
  });

  it('a season asked is named as asked, normalised', async () => {
    const result = await call(server.client, 'scout_players', {
      roles: ['CB'],
      league: 'Eredivisie',
      season: '2025/26',
      limit: 3,
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(firstLine(textOf(result))).toBe('Season 25-26.');
    expect(structured(result).season).toBe('25-26');
  });

  it('an empty list with no season asked says the season searched, as the rows read again carry it', async () => {
    const result = await call(server.client, 'scout_players', {
      roles: ['CB'],
      league: 'Eredivisie',
      min_minutes: 9000,
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(firstLine(textOf(result))).toBe('Season 26-27.');
    expect(structured(result).season).toBe('26-27');
  });

  it('compare_players names each row of a different season', async () => {
    const result = await call(server.client, 'compare_players', {
      player_ids: [LINKED_LAST_SEASON, LINKED_THIS_SEASON],
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const text = textOf(result);
    expect(firstLine(text)).toMatch(/^Seasons 25-26, 26-27: the rows differ/);
    expect(structured(result).season).toBeNull();
    expect(structured(result).notes).toContainEqual(
      expect.stringMatching(/^rows from different seasons: Jake Whitridge 25-26, Stefano Paino 26-27\.$/),
    );
  });

  it.each(['get_player', 'scouting_report'])(
    '%s says when the API fell back to an earlier season',
    async (tool) => {
      const result = await call(server.client, tool, { player_id: LINKED_LAST_SEASON });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(firstLine(textOf(result))).toMatch(/^Season 25-26 \((last|an earlier) season\)\.$/);
      expect(structured(result).season).toBe('25-26');
    },
  );

  it('get_player with the season asked says no fallback', async () => {
    const result = await call(server.client, 'get_player', {
      player_id: LINKED_THIS_SEASON,
      season: '26-27',
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(firstLine(textOf(result))).toBe('Season 26-27.');
  });

  it("a team record names the season of the team's row", async () => {
    const search = await call(server.client, 'search_teams', { query: 'Fortuna Oss' });
    expect(firstLine(textOf(search))).toMatch(/^Season/);
    const teams = structured(search);
    const result = await call(server.client, 'get_team', { team_id: teams.data[0].team_id, sections: [] });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(firstLine(textOf(result))).toMatch(/^Season 26-27\b/);
    expect(structured(result).season).toBe('26-27');
  });

  it("fit_score does not call a last season's club current", async () => {
    const result = await call(server.client, 'fit_score', { player_ids: [LINKED_LAST_SEASON] });
    expect(result.isError, textOf(result)).toBeFalsy();
    const text = textOf(result);
    expect(text).not.toContain('current club');
    expect(text).toMatch(
      /Jake Whitridge: club Wigan Wanderers is from the row of 25-26 \((last|an earlier) season\)/,
    );
  });
});

describe('empty answers explain', () => {
  /** The figure a note names after "the most is" / "the youngest is", and the player it names. */
  function nearest(note: string, words: string): number {
    const match = new RegExp(`${words} ([\\d ]+) \\(`).exec(note);
    expect(match, note).not.toBeNull();
    return Number((match?.[1] ?? '').replaceAll(' ', ''));
  }

  it('min_minutes no one has reached yet: last season first, the most so far, and a value that gives rows', async () => {
    const result = await call(server.client, 'scout_players', {
      roles: ['CB'],
      league: 'Eredivisie',
      min_minutes: 1500,
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(structured(result).data).toEqual([]);
    const note = (structured(result).notes as string[]).find((n) =>
      n.startsWith("season 26-27 (the API's current season) has few minutes played so far"),
    );
    expect(note, textOf(result)).toBeDefined();
    const most = nearest(note ?? '', 'the most is');
    expect(most).toBeLessThan(1500);
    expect(most).toBeGreaterThan(0);
    expect(note).toContain('Try season "25-26" (last season) first');
    expect(note).toContain(`min_minutes ≤ ${String(most).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}`);
    expect(note).toMatch(
      /Found by asking again without min_minutes: (1 more request|a cached answer, no quota used)\./,
    );

    // The advice holds: at that figure the same search has rows.
    const relaxed = await call(server.client, 'scout_players', {
      roles: ['CB'],
      league: 'Eredivisie',
      min_minutes: most,
    });
    const rows = structured(relaxed).data as { minutes: number; name: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.minutes).toBeGreaterThanOrEqual(most);
  });

  it('max_age below every player: the youngest, and a value that gives rows', async () => {
    const result = await call(server.client, 'scout_players', {
      roles: ['CB'],
      league: 'Eredivisie',
      max_age: 15,
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(structured(result).data).toEqual([]);
    const note = (structured(result).notes as string[]).find((n) =>
      n.startsWith('no player is 15 or younger'),
    );
    expect(note, textOf(result)).toBeDefined();
    const youngest = nearest(note ?? '', 'the youngest is');
    expect(youngest).toBeGreaterThan(15);
    expect(note).toContain(`try max_age ≥ ${youngest}`);
    const relaxed = await call(server.client, 'scout_players', {
      roles: ['CB'],
      league: 'Eredivisie',
      max_age: youngest,
    });
    expect((structured(relaxed).data as unknown[]).length).toBeGreaterThan(0);
  });

  it('an answer with rows asks nothing more', async () => {
    const result = await call(server.client, 'scout_players', {
      roles: ['CB'],
      league: 'Eredivisie',
      min_minutes: 300,
      limit: 3,
    });
    expect((structured(result).data as unknown[]).length).toBeGreaterThan(0);
    expect(textOf(result)).not.toContain('asking again');
  });
});
