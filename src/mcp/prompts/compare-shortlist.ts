import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { seasonParam } from '../args.js';
import { seasonArg } from './args.js';
import { args, isLikelyId, message, QUOTA_RULE, SCORE_RULE, splitList } from './plan-text.js';
import { definePrompt } from './prompt.js';

export default definePrompt({
  name: 'compare_shortlist',
  title: 'Compare a shortlist',
  description: 'Compare 2-10 players side by side and rank them, in two tool calls at most.',
  tools: ['resolve_players', 'compare_players'],
  args: (deps) => ({
    players: z
      .string()
      .trim()
      .min(3)
      .max(800)
      .describe('2-10 players separated by commas: names (with club if ambiguous) or ids.'),
    season: seasonArg(deps),
  }),
  message({ players, season }) {
    const list = splitList(players);
    if (list.length < 2 || list.length > 10) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Give 2-10 players separated by commas; got ${list.length}.`,
      );
    }
    const saison = seasonParam(season);
    const names = list.filter((p) => !isLikelyId(p));
    const ids = list.filter(isLikelyId);
    const compare = `compare_players with ${args({ player_ids: [...ids, ...names.map(() => '<service_id>')], season: saison })}`;
    return message([
      `Compare these players and rank them: ${list.join(', ')}${saison ? ` (season ${saison})` : ''}.`,
      '',
      `Plan (${names.length > 0 ? 'two tool calls' : 'one tool call'}):`,
      names.length > 0 &&
        `1. resolve_players with ${args({ players: names.map((name) => ({ name })) })}: one call turns every name into its service_id. If a name is ambiguous or not found, ask me before going on.`,
      `${names.length > 0 ? '2' : '1'}. ${compare}: one call for all of them.`,
      'Do not call search_players or get_player for each player: the two calls above are enough.',
      '',
      'Then answer with a side-by-side table of the statistics that separate them, who is best at what, and a ranking with one reason each.',
      SCORE_RULE,
      QUOTA_RULE,
    ]);
  },
});
