// Lists whose every row lacks the field that names it, on generated styles of the sandbox (renamed
// field names): the answer is never an error where the plain API answered. A glossary whose key is
// renamed is read once the key is learned from the statistic keys an earlier answer used; a leagues
// list, a team or coach search with nothing known to learn from answer with no row and a note naming
// the field the rows lacked.
import { describe, expect, it } from 'vitest';
import { call, closeSandboxSession, openSandboxSession, structured, textOf } from '../support/mcp.js';

/** Styles that rename a league's name (r3: German), and every open name to made-up words (m1). */
const LEAGUE_NAME_RENAMED = 'r3:rename';
const ALL_RENAMED = 'm1:rename,casing';
/** A style whose glossary key is renamed to a made-up word. */
const GLOSSARY_KEY_RENAMED = 'r22:rename';

describe('a list whose every row lacks its name', () => {
  it.each([
    [LEAGUE_NAME_RENAMED, 'list_leagues', { query: 'Ligue' }, 'leagues'],
    [ALL_RENAMED, 'search_teams', { league: 'Ligue 1', limit: 5 }, 'teams'],
    [ALL_RENAMED, 'search_coaches', { league: 'Ligue 1', limit: 5 }, 'coaches'],
  ])('on %s, %s answers with no row and names the field', async (style, tool, args, what) => {
    const session = await openSandboxSession({ style });
    try {
      const result = await call(session.client, tool, args);
      expect(result.isError, textOf(result)).toBeFalsy();
      const body = structured(result);
      expect(body.data).toEqual([]);
      expect(body.has_more).toBe(true);
      expect(body.notes.join('\n')).toMatch(
        new RegExp(`None of the \\d+ ${what} could be read: each lacks its`),
      );
    } finally {
      await closeSandboxSession(session);
    }
  });

  it('a glossary with its key renamed is read once statistic keys are known', async () => {
    const session = await openSandboxSession({ style: GLOSSARY_KEY_RENAMED });
    try {
      const ranked = structured(
        await call(session.client, 'rank_players_by_role', { role: 'faux_9', league: 'Ligue 1', limit: 2 }),
      );
      const ids = ranked.data.map(
        (r: { service_id: string | null; player_id: string }) => r.service_id ?? r.player_id,
      );
      await call(session.client, 'compare_players', { player_ids: ids });
      const result = await call(session.client, 'get_glossary', { query: 'goals' });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(structured(result).data.map((e: { key: string }) => e.key)).toContain('xg');
    } finally {
      await closeSandboxSession(session);
    }
  });
});
