import { Club, Player } from './args.js';
import {
  args,
  clubHintText,
  GLOSSARY_COST,
  isLikelyId,
  message,
  QUOTA_RULE,
  SCORE_RULE,
  SCOUTING_REPORT_COST,
  searchStep,
} from './plan-text.js';
import { definePrompt } from './prompt.js';

export default definePrompt({
  name: 'player_report',
  title: 'Scouting report on a player',
  description: 'A written scouting report on one player (optionally with fit for a club) in two tool calls.',
  tools: ['search_players', 'scouting_report'],
  args: () => ({ player: Player, club: Club }),
  message({ player, club }) {
    const known = isLikelyId(player);
    const id = known ? player : '<service_id>';
    const report = SCOUTING_REPORT_COST + (club ? 1 : 0) + GLOSSARY_COST;
    const cost = (known ? 0 : 1) + report;
    return message([
      `Write a scouting report on ${player}${club ? `, judging fit for ${club}` : ''}.`,
      '',
      `Plan (${known ? 'one tool call' : 'two tool calls'}, ${cost} upstream requests unless cached${club ? clubHintText(cost, club) : ''}):`,
      !known && searchStep(player),
      `${known ? '1' : '2'}. scouting_report with ${args({ player_id: id, club })}: one call gathers identity, season-by-season history, best roles, strengths and weaknesses, market value, projection and similar profiles${club ? `, and fit for ${club}` : ''} (${report} requests, ${GLOSSARY_COST} of them the glossary of statistics, cached a day). Its result states the quota it cost.`,
      'Do not call get_player, player_history or fit_score separately: the report already holds their answers.',
      '',
      'Then write the report with these sections: Profile (age, club, league, service_id), Season by season, Best roles (key and English name), ' +
        `Strengths and weaknesses, Market value, Projection, Similar profiles${club ? `, Fit for ${club}` : ''}, Verdict (three lines).`,
      SCORE_RULE,
      QUOTA_RULE,
    ]);
  },
});
