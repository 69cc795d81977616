import { z } from 'zod';
import { carryUnread, markUnread, type UnreadWhy, unreadMarks } from '../src/api/reader/unread.js';
import { groupScatter } from '../src/charts/group-scatter.js';
import { withLeagueHint } from '../src/facts/league-hint.js';
import { checkStatistic } from '../src/facts/statistic-keys.js';
import { LeagueName, Limit, SERVICE_ID_EXAMPLE, Season, seasonParam } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { cut, PAGE_SIZE, statedTotal } from './kit/pages.js';
import { announcePlan, plan } from './kit/plan.js';
import { idCell, type RowIds, rowIds } from './kit/shapes.js';
import { emptyCell, isUnread, joined } from './kit/shown.js';
import { PositionArg, StatisticArg } from './kit/stat-args.js';
import { glossaryOf, type StatisticName, statisticLabel } from './kit/statistic-labels.js';
import { formatCell, formatRow, table } from './kit/text.js';

const MAX = PAGE_SIZE.comparisonGroup;

type Point = {
  name: string | null;
  club: string | null;
  position: string | null;
  minutes: number | null;
  x: number | null;
  y: number | null;
  highlighted: boolean;
} & RowIds;

const Spread = z.object({
  mean: z.number().nullable(),
  median: z.number().nullable(),
  p10: z.number().nullable(),
  p90: z.number().nullable(),
});
type Spread = z.infer<typeof Spread>;

export default defineTool({
  name: 'comparison_group',
  title: 'Players over two statistics',
  toolset: 'reference',
  description:
    "How a league's players spread over two statistics (x, y): mean, median, p10/p90, correlation, and the players the API sends; highlight keeps players of interest. 1 request, +1 glossary.",
  input: {
    x: StatisticArg,
    y: StatisticArg,
    league: LeagueName.optional(),
    season: Season.optional(),
    position: PositionArg.optional(),
    highlight: z
      .array(
        z
          .string()
          .min(1)
          .max(64)
          .meta({ examples: [SERVICE_ID_EXAMPLE] }),
      )
      .max(10)
      .optional()
      .describe('player_id or service_id values to mark.'),
    limit: Limit(30, MAX),
  },
  output: z.array(z.looseObject({ highlighted: z.boolean() })),
  extra: {
    x: z.string(),
    y: z.string(),
    x_unit: z.string().nullable(),
    y_unit: z.string().nullable(),
    count: z.number().nullable().describe('Players in the group.'),
    spread: z.looseObject({ correlation: z.number().nullable() }).nullable(),
    has_more: z.boolean(),
  },
  async run({ x, y, league, season, position, highlight = [], limit }, ctx) {
    const { api, signal } = ctx;
    const saison = seasonParam(season);
    // The group is read in one page (its size is the most the tool shows).
    announcePlan(
      ctx,
      plan([
        [1, 'the glossary check'],
        [1, 'the group'],
        [
          league === undefined ? 0 : 2,
          'the league list and the group again, if the API refuses the league name',
        ],
      ]),
    );
    const [xStat, yStat] = await Promise.all([
      checkStatistic(api, x, 'x', signal),
      checkStatistic(api, y, 'y', signal),
    ]);
    const wanted = new Set(highlight);
    // Players to highlight are looked for beyond the first `limit`, up to the most the tool shows.
    const result = await withLeagueHint(api, league, signal, (league) =>
      api.comparisonGroup({
        x: xStat.key,
        y: yStat.key,
        league,
        season: saison,
        position,
        limit: wanted.size > 0 ? MAX : limit,
        signal,
      }),
    );
    const all = result.data.data;
    const isWanted = (p: (typeof all)[number]) =>
      (p.player_id != null && wanted.has(p.player_id)) || (p.service_id != null && wanted.has(p.service_id));
    // The group's own count first, taken only where it cannot be an echo of the page read; then the list's
    // total, which counts the points the API returns: it may return fewer than the group holds (the
    // sandbox 200 of 306), so a list's total is no count of the group beside one.
    const own = statedTotal(
      { total: undefined, more: result.more, data: result.data },
      result.data.summary?.count,
      result.data.meta?.count,
    );
    // The list's total only where the answer holds no count of the group of its own, read or unread.
    const ownGiven =
      [result.data.summary?.count, result.data.meta?.count].some((c) => typeof c === 'number') ||
      summaryUnread(result.data).whyOf('count') !== undefined;
    const total = own ?? (ownGiven ? undefined : result.total);
    const { rows, has_more, notes } = cut(all, limit, MAX, { ...result, total });
    // A count the answer gave but not taken (it may echo the rows read while more may exist): said, never
    // left blank as if the API had sent none.
    const given = [result.data.summary?.count, result.data.meta?.count].find((c) => typeof c === 'number');
    if (total === undefined && given !== undefined)
      notes.push(
        `The group's count is not known: the API counts ${given}, no more than the rows read, while its paging says more may exist.`,
      );
    const shown = [...rows, ...all.slice(limit).filter(isWanted)];
    const data = shown.map(
      (p): Point => ({
        name: p.name,
        club: p.club ?? null,
        position: p.position ?? null,
        minutes: p.minutes ?? null,
        x: p.x ?? null,
        y: p.y ?? null,
        ...rowIds(p),
        highlighted: isWanted(p),
      }),
    );
    const found = new Set(shown.filter(isWanted).flatMap((p) => [p.player_id, p.service_id]));
    const missing = [...wanted].filter((id) => !found.has(id));
    if (missing.length > 0)
      notes.push(
        `not among the ${all.length} players the API sent of the group${total !== undefined && total > all.length ? `'s ${total}` : ''} (another league, season or position, too few minutes, or beyond what the API sends): ${missing.join(', ')}.`,
      );
    const s = result.data.summary;
    const spread =
      s?.x && s.y
        ? carryUnread({ x: spreadOf(s.x), y: spreadOf(s.y), correlation: s.correlation ?? null }, s, {
            correlation: 'correlation',
          })
        : null;
    const summarized = withUnreadSummary(result.data, spread, total ?? null, {
      x: xStat.key,
      y: yStat.key,
      x_unit: xStat.unit,
      y_unit: yStat.unit,
      count: total ?? null,
      spread,
      has_more,
    });
    // An axis's unit the glossary entry held under a name nothing reads: unread, not absent.
    const extra = carryUnread(carryUnread(summarized, xStat, { x_unit: 'unit' }), yStat, { y_unit: 'unit' });
    return {
      ...result,
      data,
      extra,
      notes,
      glossary: Object.fromEntries(
        [xStat, yStat].flatMap((st) =>
          st.name || st.unit ? [[st.key, { name: st.name, unit: st.unit }] as const] : [],
        ),
      ),
    };
  },
  text: ({ data, extra, glossary }) => {
    const sp = extra?.spread as { x: Spread; y: Spread; correlation: number | null } | null | undefined;
    // A part left unread is left out (the note names it); an absent one is "–".
    const line = (name: string, v: Spread) => {
      const cells = formatRow(SPREAD_PARTS.map((part) => v[part]));
      const parts = SPREAD_PARTS.map((part, i) =>
        v[part] === null && emptyCell(v, part) === '' ? undefined : `${part} ${cells[i]}`,
      );
      return `${name}: ${joined(parts)}`;
    };
    // A summary or count the answer held under names nothing read: named in the note, not left unsaid.
    if (extra && !sp) isUnread(extra, 'spread');
    if (extra && extra.count == null) isUnread(extra, 'count');
    const head = sp
      ? [
          `${extra?.count != null ? `${extra.count} players. ` : ''}${line(`x = ${axisLabel(extra, glossary, 'x')}`, sp.x)}; ${line(`y = ${axisLabel(extra, glossary, 'y')}`, sp.y)}; correlation ${formatCell(sp.correlation)}.`,
        ]
      : [];
    return [
      ...head,
      table(data as Point[], [
        ['name', (p) => (p.highlighted ? `★ ${p.name}` : p.name)],
        ['club', (p) => p.club],
        ['position', (p) => p.position],
        ['min', (p) => p.minutes],
        [axisLabel(extra, glossary, 'x') ?? 'x', (p) => p.x],
        [axisLabel(extra, glossary, 'y') ?? 'y', (p) => p.y],
        ['service_id', idCell],
      ]),
    ].join('\n');
  },
  chart: ({ data, extra, glossary, source }, { league, season }) =>
    groupScatter(
      data as Point[],
      {
        x: axisName(extra, glossary, 'x'),
        y: axisName(extra, glossary, 'y'),
        xUnit: extra?.x_unit ?? undefined,
        yUnit: extra?.y_unit ?? undefined,
        league,
        season,
      },
      source,
    ),
});

/**
 * An axis's statistic in words: "Progressive passes (per 90)" (the glossary's name, else the key's, with the
 * unit of the answer), never the snake_case key.
 */
function axisLabel(
  extra:
    | {
        x: string;
        y: string;
        x_unit: string | null;
        y_unit: string | null;
      }
    | undefined,
  names: Record<string, StatisticName> | undefined,
  axis: 'x' | 'y',
): string | undefined {
  const key = extra?.[axis];
  if (!extra || !key) return undefined;
  const unit = extra[axis === 'x' ? 'x_unit' : 'y_unit'];
  return statisticLabel(key, glossaryOf({ [key]: { name: names?.[key]?.name ?? null, unit } }));
}

/** An axis's statistic as the chart names it: the glossary's name, else the key (the chart adds the unit). */
function axisName(
  extra: { x: string; y: string } | undefined,
  names: Record<string, StatisticName> | undefined,
  axis: 'x' | 'y',
): string {
  const key = extra?.[axis];
  return (key && names?.[key]?.name) || key || axis;
}

/** The parts of an axis's spread the tool shows. */
const SPREAD_PARTS = ['mean', 'median', 'p10', 'p90'] as const;

/** An axis's spread as shown, each part the reader could not read (unread.ts) carried as unread. */
function spreadOf(v: {
  mean?: number | null;
  median?: number | null;
  p10?: number | null;
  p90?: number | null;
}): Spread {
  const out = { mean: v.mean ?? null, median: v.median ?? null, p10: v.p10 ?? null, p90: v.p90 ?? null };
  return carryUnread(out, v, Object.fromEntries(SPREAD_PARTS.map((part) => [part, part])));
}

/** What the reader marked unread in the answer's summary: a part of it, or the whole summary when unread. */
function summaryUnread(answer: object) {
  const summary = (answer as { summary?: object | null }).summary;
  const marks = unreadMarks(summary ?? answer);
  return {
    whyOf: (field: string) => (summary == null ? marks?.fields.summary : marks?.fields[field]),
    namesOf: (field: string) => (summary == null ? marks?.names.summary : marks?.names[field]) ?? [],
  };
}

/**
 * `extra` marked with the spread and count it lacks for want of reading them: the answer's summary under a
 * name nothing reads, or a summary whose spreads or count are under names nothing reads (the reader's marks).
 */
function withUnreadSummary<E extends { spread: unknown; count: number | null }>(
  answer: object,
  spread: unknown,
  total: number | null,
  extra: E,
): E {
  const { whyOf, namesOf } = summaryUnread(answer);
  const fields: Record<string, UnreadWhy> = {};
  const names: Record<string, readonly string[]> = {};
  const axis = whyOf('x') ? 'x' : 'y';
  const spreadWhy = spread === null ? whyOf(axis) : undefined;
  if (spreadWhy) {
    fields.spread = spreadWhy;
    names.spread = namesOf(axis);
  }
  const countWhy = total === null ? whyOf('count') : undefined;
  if (countWhy) {
    fields.count = countWhy;
    names.count = namesOf('count');
  }
  if (Object.keys(fields).length === 0) return extra;
  return markUnread(extra, { kind: 'group', fields, names });
}
