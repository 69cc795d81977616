import { z } from 'zod';
import { LeagueName, Limit, NamePart } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { searchByName } from './kit/name-search.js';
import { PAGE_SIZE } from './kit/pages.js';
import { table } from './kit/text.js';

const MAX = PAGE_SIZE.coaches;

type CoachRow = {
  coach_id: string | null;
  name: string | null;
  team: string | null;
  team_id: string | null;
  league: string | null;
  age: number | null;
  nationality: string | null;
  since: string | null;
  formation: string | null;
};

export default defineTool({
  name: 'search_coaches',
  title: 'Search coaches',
  toolset: 'clubs',
  description:
    'Current head coaches by (part of) name and/or league, with their team and its team_id (for get_team), since when, and the coach_id get_coach needs (career, tactical profile). 1 request a page.',
  input: {
    query: NamePart.meta({ examples: ['Garcia'] })
      .optional()
      .describe('Part of the coach name.'),
    league: LeagueName.optional(),
    limit: Limit(20, MAX),
  },
  output: z.array(z.looseObject({ coach_id: z.string().nullable(), name: z.string().nullable() })),
  extra: { has_more: z.boolean() },
  async run({ query, league, limit }, { api, signal }) {
    return searchByName(
      api,
      'coaches',
      { league, limit, max: MAX, signal },
      (league) => api.coaches({ name: query, league, limit, signal }),
      (c): CoachRow => ({
        coach_id: c.coach_id,
        name: c.name,
        team: c.team ?? null,
        team_id: c.team_id ?? null,
        league: c.league ?? null,
        age: c.age ?? null,
        nationality: c.nationality ?? null,
        since: c.since ?? null,
        formation: c.formation ?? null,
      }),
    );
  },
  text: ({ data }) =>
    table(data as CoachRow[], [
      ['coach', (c) => c.name],
      ['team', (c) => c.team],
      ['league', (c) => c.league],
      ['age', (c) => c.age],
      ['nationality', (c) => c.nationality],
      ['since', (c) => c.since],
      ['formation', (c) => c.formation],
      ['coach_id', (c) => c.coach_id],
      ['team_id', (c) => c.team_id],
    ]),
});
