import { z } from 'zod';
import { LeaguesResponse } from '../src/api/schemas.js';
import { fold } from '../src/lib/fold.js';
import { Limit } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { table } from './kit/text.js';

const MAX = 200;

const LeagueOut = z.object({
  name: z.string().describe('Exact name to pass as `league` to other tools.'),
  country: z.string().nullable(),
  region: z.string().nullable(),
  gender: z.string().nullable(),
  level: z.string().nullable(),
  type: z.string().nullable().describe('league, or cup for the European cups.'),
  seasons: z.array(z.string()),
});

export default defineTool({
  name: 'list_leagues',
  title: 'List accessible leagues',
  toolset: 'reference',
  description:
    'Leagues (and European cups) the API key can access, with the exact names other tools expect as `league`. ' +
    'Call it when unsure of a league name or after an access error. Optional filters narrow the list locally (no extra request). ' +
    'One request, cached 24 h.',
  input: {
    query: z
      .string()
      .max(60)
      .optional()
      .describe('Part of a league or country name, e.g. "france" or "liga".'),
    gender: z.enum(['men', 'women']).optional().describe('Filter.'),
    type: z.enum(['league', 'cup']).optional().describe('Filter.'),
    limit: Limit(50, MAX),
  },
  output: z.array(LeagueOut),
  extra: { total: z.number().describe('Leagues accessible before filtering.') },
  async run({ query, gender, type, limit }, { api, signal }) {
    const result = await api.call('leagues', LeaguesResponse, { signal });
    const needle = query ? fold(query) : undefined;
    const all = result.data.data.map((l) => ({
      name: l.name,
      country: l.country ?? null,
      region: l.region ?? null,
      gender: l.gender ?? null,
      level: l.level ?? null,
      type: l.type ?? null,
      seasons: l.seasons ?? [],
    }));
    const matching = all.filter(
      (l) =>
        (!needle || fold(`${l.name} ${l.country ?? ''} ${l.region ?? ''}`).includes(needle)) &&
        (!gender || l.gender === gender) &&
        (!type || l.type === type),
    );
    const data = matching.slice(0, limit);
    const more = matching.length > data.length;
    const notes = more
      ? [
          `Showing ${data.length} of ${matching.length} matching leagues: pass query (a country or name), gender or type to narrow${
            limit < MAX ? `, or raise limit (up to ${MAX})` : ''
          }.`,
        ]
      : [];
    return { ...result, data, extra: { total: all.length }, notes, has_more: more };
  },
  text: ({ data, extra }) =>
    `${data.length} of ${extra?.total ?? data.length} accessible leagues:\n` +
    table(data, [
      ['name', (l) => l.name],
      ['country', (l) => l.country],
      ['gender', (l) => l.gender],
      ['level', (l) => l.level],
      ['seasons', (l) => l.seasons.join(' ')],
    ]),
});
