import { z } from 'zod';
import { fold } from '../src/lib/fold.js';
import { Limit } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { cut } from './kit/pages.js';
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
    'Call it when unsure of a league name or after an access error. ' +
    '1 request a page (up to max-pages), cached 24 h.',
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
  extra: {
    total: z
      .number()
      .nullable()
      .describe('Leagues accessible before filtering; null when not every page of the list was read.'),
    read: z.number().optional().describe('Leagues read from the API, when total is null.'),
  },
  async run({ query, gender, type, limit }, { api, signal }) {
    const result = await api.leagues({ signal });
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
    // Filtered locally: how many match is known only when every page was read.
    const whole = result.more === 'no';
    const page = cut(
      matching,
      limit,
      MAX,
      { ...result, total: whole ? matching.length : undefined },
      'pass query (a country or name), gender or type',
    );
    return {
      ...result,
      data: page.rows,
      extra: whole ? { total: all.length } : { total: null, read: all.length },
      notes: page.notes,
      has_more: page.has_more,
    };
  },
  text: ({ data, extra }, { query, gender, type }) => {
    const filters = [query && `"${query}"`, gender, type].filter(Boolean).join(', ');
    const shown = filters ? `${data.length} leagues matching ${filters}` : `${data.length} leagues`;
    const head =
      extra?.total != null
        ? `${shown} (of ${extra.total} this key can access)`
        : `${shown} shown (${extra?.read ?? data.length} read); more may exist`;
    return (
      `${head}:\n` +
      table(data, [
        ['name', (l) => l.name],
        ['country', (l) => l.country],
        ['region', (l) => l.region],
        ['gender', (l) => l.gender],
        ['level', (l) => l.level],
        ['type', (l) => l.type],
        ['seasons', (l) => l.seasons.join(' ')],
      ])
    );
  },
});
