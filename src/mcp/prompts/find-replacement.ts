import { Club, Player } from './args.js';
import {
  args,
  clubHintText,
  isLikelyId,
  message,
  PLACEHOLDER_RULE,
  QUOTA_RULE,
  SCORE_RULE,
  searchStep,
} from './plan-text.js';
import { definePrompt } from './prompt.js';

export default definePrompt({
  name: 'find_replacement',
  title: 'Find a replacement for a player',
  description:
    'Players who could replace a given player (optionally ranked by fit for a club), in four tool calls at most.',
  tools: ['search_players', 'get_player', 'scout_players', 'fit_score'],
  args: () => ({ player: Player, club: Club }),
  message({ player, club }) {
    const known = isLikelyId(player);
    const id = known ? player : '<service_id>';
    const step = (n: number) => String(known ? n - 1 : n);
    const target = club ?? 'his current club';
    const cost = known ? 6 : 7;
    return message([
      `Find players who could replace ${player}${club ? ` at ${club}` : ''}.`,
      '',
      `Plan (${known ? 'three' : 'four'} tool calls, ${cost} upstream requests unless cached${club ? clubHintText(cost, club) : ''}):`,
      !known && searchStep(player, club),
      `${step(2)}. get_player with ${args({ player_id: id, sections: ['roles', 'similar'] })}: his record (age, club, market value), best roles and similar profiles in one call (3 requests).`,
      `${step(3)}. scout_players with ${args({ roles: ['<his best role key>', '<his second role key>'], max_age: '<his age + 2>', limit: 15 })}: players strong in the same roles (1 request). Leave him out; his similar profiles from step ${step(2)} are candidates too.`,
      `${step(4)}. fit_score with ${args({ player_ids: ['<service_ids (player_id if unlinked) of the best 10 candidates>'], club: club ?? '<his current club>' })}: one call scores them all for ${target} (1 request, +1 for the league list that checks the club's side plays their football); among equals, pick candidates valued near him.`,
      PLACEHOLDER_RULE,
      '',
      `Then answer with five candidates ranked by fit for ${target}: name, club, age, role score or similarity, market value (scout_players gives it) beside his, service_id, and why each fits.`,
      SCORE_RULE,
      QUOTA_RULE,
    ]);
  },
});
