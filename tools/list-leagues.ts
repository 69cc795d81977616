import { z } from 'zod';
import { unreadWhy } from '../src/api/reader/unread.js';
import type { League } from '../src/api/schemas.js';
import {
  type Asked,
  askedIn,
  askedWords,
  hasFacts,
  isCup,
  isYouth,
  shortForms,
} from '../src/domain/league-reading.js';
import { KNOWN_COUNTRIES, levelNumber } from '../src/domain/league-words.js';
import { fold } from '../src/lib/fold.js';
import { Limit } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { countOf, cut } from './kit/pages.js';
import { announcePlan, PlannedCostOut, plan, plannedCost, plannedCostText } from './kit/plan.js';
import { readOrNoRows } from './kit/rows-lacking.js';
import { table } from './kit/text.js';
import { unmatchedNote, unmatchedUnread } from './kit/unread-filtered.js';

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
    'Leagues and European cups the key can access, with the exact names tools take as `league`: when unsure of a league name or after an access error. 1 request a page, cached 24 h.',
  input: {
    query: z
      .string()
      .max(60)
      .optional()
      .meta({ examples: ['french women'] })
      .describe('Name, country, gender or level words, e.g. french women'),
    gender: z.enum(['men', 'women']).optional().describe('Filter.'),
    level: z.enum(['top', 'second', 'third', 'youth', 'cup']).optional().describe('Filter.'),
    type: z.enum(['league', 'cup']).optional().describe('Filter.'),
    limit: Limit(50, MAX),
  },
  output: z.array(LeagueOut),
  extra: {
    matched: z.string().optional(),
    total: z
      .number()
      .nullable()
      .describe('Leagues accessible before filtering; null when not every page of the list was read.'),
    read: z.number().optional().describe('Leagues read from the API, when total is null.'),
    unchecked: z
      .number()
      .optional()
      .describe('Leagues read whose fields the filters look at could not be read: they may match too.'),
    requests: PlannedCostOut,
  },
  async run({ query, gender, level, type, limit }, ctx) {
    const { api, signal } = ctx;
    const cost = plan([[api.maxPages, `the league list: 1 request a page, up to ${api.maxPages}`]]);
    announcePlan(ctx, cost);
    // Rows the API sent that name nothing we read: no league and no count shown, the reason said.
    const got = await readOrNoRows(api, 'leagues', () => api.leagues({ signal }), {
      total: true,
      ...(query ? { untold: 'what the query matched' } : {}),
    });
    if (got.none) {
      const { extra: _, ...none } = got.none;
      return { ...none, has_more: true, extra: { total: null, read: 0, requests: plannedCost(cost) } };
    }
    const result = got.read;
    const needle = query ? fold(query) : undefined;
    const rows = result.data.data;
    // The query's words for facts (gender, level, country) and what is left for a name.
    // Rows whose country could not be read, or a list not read whole: a query's country word ("french")
    // is still read as one, by the countries known here, never taken for a name word no league's name holds.
    const countryUnread =
      result.more !== 'no' || rows.some((l) => !l.country && unreadWhy(l, 'country') !== undefined);
    const asked = query
      ? askedIn(query, [
          ...rows.flatMap((l) => (l.country ? [l.country] : [])),
          ...(countryUnread ? KNOWN_COUNTRIES : []),
        ])
      : undefined;
    const compact = asked?.core.join('') ?? '';
    const byQuery = (l: (typeof rows)[number]) => {
      if (!needle || !asked) return true;
      if (fold(`${l.name} ${l.country ?? ''} ${l.region ?? ''}`).includes(needle)) return true;
      if (compact.length >= 2 && shortForms(l).own.includes(compact)) return true;
      const text = `_${fold(`${l.name} ${l.country ?? ''} ${l.region ?? ''}`)}_`;
      const named = asked.core.every((w) => text.includes(`_${w}`));
      return named && asked.core.length + factCount(asked) > 0 && hasFacts(l, asked);
    };
    const matchingRows = rows.filter(
      (l) =>
        byQuery(l) &&
        (!gender || l.gender === gender) &&
        (!level || levelFits(l, level)) &&
        (!type || l.type === type),
    );
    const matching = matchingRows.map((l) => ({
      name: l.name,
      country: l.country ?? null,
      region: l.region ?? null,
      gender: l.gender ?? null,
      level: l.level ?? null,
      type: l.type ?? null,
      seasons: l.seasons ?? [],
    }));
    const matched = asked && factCount(asked) > 0 ? readingOf(asked) : undefined;
    // A row not matched where a field the filters look at could not be read may match: said, never a "none".
    const filteredOn = [
      ...(gender || asked?.gender ? ['gender'] : []),
      ...(level || type || asked?.tier !== undefined || asked?.youth !== undefined ? ['level', 'type'] : []),
      ...(asked?.country ? ['country'] : []),
    ];
    const unmatched = unmatchedUnread(rows, new Set(matchingRows), filteredOn);
    const unchecked = unmatched.rows;
    // Filtered locally: how many match is known only when every page was read and every row checked.
    const whole = result.more === 'no' && unchecked.length === 0;
    const accessible = countOf(result, rows.length, 'leagues');
    const page = cut(
      matching,
      limit,
      MAX,
      { ...result, total: whole ? matching.length : undefined },
      'pass query (a country or name), gender, level or type',
    );
    // What widening would find: the query's facts without its name words, counted from the rows read.
    const factsOnly =
      asked && asked.core.length > 0 && factCount(asked) > 0
        ? rows.filter((l) => hasFacts(l, { ...asked, core: [] })).length
        : 0;
    const widen =
      // Said only of a list read whole: leagues past the rows read may match.
      matching.length === 0 && unchecked.length === 0 && whole && (query || gender || level || type)
        ? [
            `No league of the key matches ${[query && `"${query}"${matched ? ` (${matched})` : ''}`, gender, level, type].filter(Boolean).join(', ')}` +
              (factsOnly > 0
                ? `; without the name words (${asked?.core.join(' ')}), ${factsOnly} match${factsOnly === 1 ? 'es' : ''}: pass query "${askedWords({ ...(asked as Asked), core: [] })}".`
                : ': drop a filter or a word to widen.'),
          ]
        : [];
    return {
      ...result,
      data: page.rows,
      extra: {
        ...(matched ? { matched } : {}),
        ...(accessible.total !== null ? { total: accessible.total } : { total: null, read: rows.length }),
        ...(unchecked.length > 0 ? { unchecked: unchecked.length } : {}),
        requests: plannedCost(cost),
      },
      notes: [
        ...widen,
        ...page.notes,
        ...accessible.notes,
        ...(unchecked.length > 0
          ? [
              unmatchedNote(
                unmatched,
                ['league', 'leagues'],
                [
                  query && `"${query}"`,
                  gender && `gender ${gender}`,
                  level && `level ${level}`,
                  type && `type ${type}`,
                ]
                  .filter(Boolean)
                  .join(' and '),
              ),
            ]
          : []),
      ],
      has_more: page.has_more || unchecked.length > 0,
    };
  },
  text: ({ data, extra }, { query, gender, level, type }) => {
    const filters = [
      query && `"${query}"${extra?.matched ? ` (read as ${extra.matched})` : ''}`,
      gender,
      level,
      type,
    ]
      .filter(Boolean)
      .join(', ');
    const shown =
      (filters ? `${data.length} leagues matching ${filters}` : `${data.length} leagues`) +
      (extra?.unchecked ? ` (${extra.unchecked} more not checked: the note says why)` : '');
    const head =
      extra?.read === 0 && data.length === 0
        ? 'No league shown: the list could not be read (the note says why)'
        : extra?.total != null
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
      ]) +
      (extra ? `\n${plannedCostText(extra.requests)}` : '')
    );
  },
});

function factCount(asked: Asked): number {
  return [asked.gender, asked.youth, asked.tier, asked.country].filter((f) => f !== undefined).length;
}

/** "women's, France; name words: ligue". */
function readingOf(asked: Asked): string {
  const words = askedWords(asked);
  return asked.core.length > 0 ? `${words}; name words: ${asked.core.join(' ')}` : words;
}

function levelFits(league: League, level: 'top' | 'second' | 'third' | 'youth' | 'cup'): boolean {
  if (level === 'cup') return isCup(league);
  if (level === 'youth') return isYouth(league);
  return (
    !isYouth(league) &&
    !isCup(league) &&
    levelNumber(league.level) === ['top', 'second', 'third'].indexOf(level) + 1
  );
}
