import { z } from 'zod';
import { LeagueName, Limit, NamePart, Season, seasonParam } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { searchByName } from './kit/name-search.js';
import { PAGE_SIZE } from './kit/pages.js';
import { table } from './kit/text.js';

const MAX = PAGE_SIZE.teams;

type TeamRow = {
  team_id: string | null;
  name: string | null;
  league: string | null;
  country: string | null;
  coach: string | null;
};

export default defineTool({
  name: 'search_teams',
  title: 'Search teams',
  toolset: 'clubs',
  description:
    'Teams by (part of) name and/or league, with their coach and the team_id get_team needs (record, squad, similar teams, head-to-head). 1 request a page.',
  input: {
    query: NamePart.meta({ examples: ['Lens'] })
      .optional()
      .describe('Part of the team name.'),
    league: LeagueName.optional(),
    season: Season.optional(),
    limit: Limit(20, MAX),
  },
  // Only the identifying fields are declared: the rest pass through and tools/list stays small.
  output: z.array(z.looseObject({ team_id: z.string().nullable(), name: z.string().nullable() })),
  extra: { has_more: z.boolean() },
  async run({ query, league, season, limit }, { api, signal }) {
    return searchByName(
      api,
      'teams',
      { league, limit, max: MAX, signal },
      (league) => api.teams({ name: query, league, season: seasonParam(season), limit, signal }),
      (t): TeamRow => ({
        team_id: t.team_id,
        name: t.name,
        league: t.league ?? null,
        country: t.country ?? null,
        coach: t.coach?.name ?? null,
      }),
    );
  },
  text: ({ data }) =>
    table(data as TeamRow[], [
      ['team', (t) => t.name],
      ['league', (t) => t.league],
      ['country', (t) => t.country],
      ['coach', (t) => t.coach],
      ['team_id', (t) => t.team_id],
    ]),
});
