import { z } from 'zod';
import { fold, foldedWords } from '../src/lib/fold.js';
import { Limit } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { countOf, cut } from './kit/pages.js';
import { readOrNoRows } from './kit/rows-lacking.js';
import { table } from './kit/text.js';
import { unmatchedNote, unmatchedUnread } from './kit/unread-filtered.js';

const MAX = 100;
/** The fields a query's words are looked for in. */
const SEARCHED = ['key', 'name', 'definition'];

type Entry = {
  key: string | null;
  kind: string | null;
  name: string | null;
  unit: string | null;
  definition: string | null;
};

export default defineTool({
  name: 'get_glossary',
  title: 'Glossary of statistics and indices',
  toolset: 'reference',
  description:
    'Definitions and units of the statistics (keys of rank_players_by_statistic and comparison_group), role indices and computed indices. Filtered locally: 1 request a page, cached 24 h.',
  input: {
    query: z
      .string()
      .max(60)
      .optional()
      .meta({ examples: ['pass'] })
      .describe('Words to find in key, name or definition, e.g. pass'),
    kind: z.enum(['statistic', 'role_index', 'index']).optional().describe('Filter.'),
    limit: Limit(30, MAX),
  },
  output: z.array(
    z.looseObject({
      key: z
        .string()
        .nullable()
        .describe('null when the entry gives none the server could read (the note says so).'),
    }),
  ),
  extra: {
    total: z
      .number()
      .nullable()
      .describe('Matching entries; null when not every page of the glossary was read.'),
    has_more: z.boolean(),
  },
  async run({ query, kind, limit }, { api, signal }) {
    // Entries none of which reads a field of its own: no row, one note naming what they lack.
    const got = await readOrNoRows(api, 'glossary entries', () => api.glossary({ signal }), { total: true });
    if (got.none) return { ...got.none, extra: { total: null, has_more: true } };
    const result = got.read;
    const words = query ? foldedWords(query) : [];
    const hits = result.data.data.filter((e) => {
      if (kind && e.kind !== kind) return false;
      const haystack = fold(`${e.key ?? ''} ${e.name ?? ''} ${e.definition ?? ''} ${e.deprecated_key ?? ''}`);
      return words.every((w) => haystack.includes(w));
    });
    // Filtered locally: the matching count is known only when every page was read, every entry of them
    // read (none left out for a field not found), and, when filtering, the fields filtered on read in
    // every entry (an entry whose kind is unread may match). Else no count: a count we made is no fact.
    const leftOut = (result.read?.dropped ?? []).some((d) => d.count > 0);
    // Entries whose words filtered on could not be read: matched against what was read of them only.
    const filteredOn = [...(kind !== undefined ? ['kind'] : []), ...(words.length > 0 ? SEARCHED : [])];
    const matched = new Set(hits);
    const unmatched = unmatchedUnread(result.data.data, matched, filteredOn);
    const filteredUnread = unmatched.rows.length > 0;
    const counted = countOf(result, hits.length, 'matching entries');
    const whole = counted.total !== null && !leftOut && !filteredUnread;
    // The first `limit` matches, in the list's order: with entries not checked, a match is shown only when
    // fewer than `limit` entries that match or may match come before it, never one past unchecked ones.
    const mayMatch = new Set(unmatched.rows);
    const possible = result.data.data.filter((e) => matched.has(e) || mayMatch.has(e));
    const within = new Set(possible.slice(0, limit));
    const surely = filteredUnread ? hits.filter((e) => within.has(e)) : hits;
    const held = Math.min(hits.length, limit) - surely.length;
    const { rows, has_more, notes } = cut(surely, limit, MAX, {
      ...result,
      total: whole ? hits.length : undefined,
    });
    const data = rows.map(
      (e): Entry => ({
        key: e.key ?? null,
        kind: e.kind ?? null,
        name: e.name ?? null,
        unit: e.unit ?? null,
        definition: e.definition ?? null,
      }),
    );
    return {
      ...result,
      data,
      // Entries that may match but could not be checked are more that may exist: never "all shown".
      extra: { total: whole ? hits.length : null, has_more: has_more || filteredUnread },
      notes: [
        ...notes,
        ...counted.notes,
        // Entries not matched for want of what was filtered on are said: a blank list is no "none".
        ...(filteredUnread
          ? [
              unmatchedNote(
                unmatched,
                ['entry', 'entries'],
                [...(query ? [`"${query}"`] : []), ...(kind ? [`kind ${kind}`] : [])].join(' and '),
              ),
            ]
          : []),
        ...(held > 0
          ? [
              `${held} more matching entr${held === 1 ? 'y is' : 'ies are'} not shown: entries before ${held === 1 ? 'it' : 'them'} that may match could not be checked (raise limit to see ${held === 1 ? 'it' : 'them'}).`,
            ]
          : []),
      ],
    };
  },
  text: ({ data }) =>
    table(data as Entry[], [
      ['key', (e) => e.key],
      ['name', (e) => e.name],
      ['kind', (e) => e.kind],
      ['unit', (e) => e.unit],
      ['definition', (e) => e.definition],
    ]),
});
