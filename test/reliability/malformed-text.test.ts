// A lone UTF-16 surrogate (or NUL) in any id or text argument is refused as an invalid argument
// naming it, before any upstream request: never "Internal error".
import { expect, it } from 'vitest';
import { call, textOf, useSandboxSession } from '../support/mcp.js';

const session = useSandboxSession();

const BAD = 'ab\ud800cd';
const CASES: [string, Record<string, unknown>, string][] = [
  ['get_player', { player_id: BAD }, 'player_id'],
  ['scouting_report', { player_id: BAD }, 'player_id'],
  ['player_history', { player_id: BAD }, 'player_id'],
  ['get_team', { team_id: BAD }, 'team_id'],
  ['get_coach', { coach_id: BAD }, 'coach_id'],
  ['search_players', { query: BAD }, 'query'],
  ['compare_players', { player_ids: ['ds_0000000000000000', BAD] }, 'player_ids[1]'],
  ['resolve_players', { players: [{ name: BAD }] }, 'players[0].name'],
  ['rank_players_by_role', { role: 'faux_9', league: `Ligue\u00001` }, 'league'],
];

it.each(CASES)('%s refuses a malformed string in %j, naming the argument', async (tool, args, argument) => {
  const before = session.sandbox.requestCount();
  const result = await call(session.client, tool, args);
  expect(result.isError).toBe(true);
  expect(textOf(result)).toContain(`Invalid ${argument}:`);
  expect(textOf(result)).not.toContain('Internal error');
  expect(session.sandbox.requestCount()).toBe(before);
});
