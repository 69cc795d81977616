import { z } from 'zod';
import { LeagueName, Limit, NamePart, Season, seasonParam } from '../src/mcp/args.js';
import { seasonsOf } from '../src/mcp/season.js';
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
  city: string | null;
  coach: string | null;
  /** Kept only when the rows are of different seasons; else the answer's first line says the season. */
  season?: string | null;
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
    const found = await searchByName(
      api,
      'teams',
      { league, limit, max: MAX, signal, seasonal: true },
      (league) => api.teams({ name: query, league, season: seasonParam(season), limit, signal }),
      (t): TeamRow => ({
        team_id: t.team_id,
        name: t.name,
        league: t.league ?? null,
        country: t.country ?? null,
        city: t.city ?? null,
        coach: t.coach?.name ?? null,
        season: t.season ?? null,
      }),
    );
    // The season the rows carry is said once, in the answer's first line (src/mcp/season.ts), unless
    // they differ: then each row says its own.
    const seasons = seasonsOf(found.data);
    const data = seasons.length > 1 ? found.data : found.data.map(({ season: _, ...row }) => row);
    return { ...found, data, seasons };
  },
  text: ({ data }) => {
    const rows = data as TeamRow[];
    const mixed = rows.some((t) => t.season !== undefined);
    return table(rows, [
      ['team', (t) => t.name],
      ['league', (t) => t.league],
      ['country', (t) => t.country],
      ['city', (t) => t.city],
      ['coach', (t) => t.coach],
      ...(mixed ? ([['season', (t: TeamRow) => t.season ?? null]] as const) : []),
      ['team_id', (t) => t.team_id],
    ]);
  },
});
