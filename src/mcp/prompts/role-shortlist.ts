import { ROLE_LABELS } from '../../domain/role-labels.js';
import { isRoleKey } from '../../domain/roles.js';
import { seasonParam } from '../args.js';
import { leagueArg, MaxAge, roleArg, seasonArg } from './args.js';
import { args, message, QUOTA_RULE, SCORE_RULE } from './plan-text.js';
import { definePrompt } from './prompt.js';

export default definePrompt({
  name: 'role_shortlist',
  title: 'Shortlist for a role',
  description:
    'A shortlist of players for one positional role, optionally in one league, season and under an age, in two or three tool calls.',
  tools: ['rank_players_by_role', 'scout_players', 'compare_players'],
  args: (deps) => ({ role: roleArg(), league: leagueArg(deps), season: seasonArg(deps), max_age: MaxAge }),
  async message({ role, league, season, max_age }, { deps, tools, signal }) {
    const { key } = await deps.roles.resolve(role, signal);
    const label = isRoleKey(key) ? ROLE_LABELS[key] : undefined;
    const saison = seasonParam(season);
    const maxAge = max_age === undefined ? undefined : Number(max_age);
    const where = [
      league && `in ${league}`,
      saison && `season ${saison}`,
      maxAge && `aged ${maxAge} or under`,
    ]
      .filter(Boolean)
      .join(', ');
    const first =
      maxAge === undefined
        ? `1. rank_players_by_role with ${args({ role: key, league, season: saison, limit: 15 })}.`
        : `1. scout_players with ${args({ roles: [key], league, season: saison, max_age: maxAge, limit: 15 })}.`;
    return message([
      `Build a shortlist of players for the role ${key}${label ? ` (${label.label}: ${label.description})` : ''}${where ? `, ${where}` : ''}.`,
      '',
      'Plan (two tool calls, a third only if asked):',
      first,
      `2. compare_players with ${args({ player_ids: ['<service_ids (player_id if unlinked) of the best 5>'], season: saison })}: one call puts their statistics side by side.`,
      tools.includes('scouting_report') &&
        '3. Only if I ask for more on one player: scouting_report, his service_id (player_id if unlinked) as its player_id.',
      '',
      'Then answer with a table (name, club, age, score, the statistic that stands out, service_id) and two lines on each of the top three.',
      'Keep the service_ids: they are the stable ids to store.',
      SCORE_RULE,
      QUOTA_RULE,
    ]);
  },
});
