import { z } from 'zod';
import type { PageReading } from '../src/api/list-pages.js';
import { rankingBars } from '../src/charts/ranking-bars.js';
import { withLeagueHint } from '../src/facts/league-hint.js';
import { checkStatistic } from '../src/facts/statistic-keys.js';
import { LeagueName, Limit, Season, seasonParam } from '../src/mcp/args.js';
import { seasonsOf } from '../src/mcp/season.js';
import { defineTool } from '../src/mcp/tool.js';
import { bestRanks } from './kit/best-ranks.js';
import { explainEmpty } from './kit/empty-answer.js';
import { footballMixNote } from './kit/league-scope.js';
import { cut, PAGE_SIZE } from './kit/pages.js';
import { announcePlan, plan } from './kit/plan.js';
import { seasonUnreadNote } from './kit/read-season.js';
import { idCell, type RowIds, rowIds } from './kit/shapes.js';
import { PositionArg, StatisticArg } from './kit/stat-args.js';
import { glossaryOf, type StatisticName, statisticLabel } from './kit/statistic-labels.js';
import { table } from './kit/text.js';

const MAX = PAGE_SIZE.statisticRankings;

type Ranked = {
  rank: number;
  name: string | null;
  club: string | null;
  age: number | null;
  value: number | null;
  league: string | null;
  minutes: number | null;
} & RowIds;

export default defineTool({
  name: 'rank_players_by_statistic',
  title: 'Rank players by statistic',
  toolset: 'reference',
  description:
    "Best players for one raw statistic (e.g. xg) in a league or all the key's leagues, too few minutes left out. Role quality: rank_players_by_role. 1 request a page, +1 glossary.",
  input: {
    statistic: StatisticArg,
    league: LeagueName.optional(),
    season: Season.optional(),
    position: PositionArg.optional(),
    limit: Limit(20, MAX),
  },
  output: z.array(
    z.looseObject({ rank: z.number(), name: z.string().nullable(), value: z.number().nullable() }),
  ),
  extra: {
    statistic: z.string(),
    unit: z.string().nullable(),
    has_more: z.boolean(),
  },
  async run({ statistic, league, season, position, limit }, ctx) {
    const { api, signal } = ctx;
    const saison = seasonParam(season);
    announcePlan(
      ctx,
      plan([
        [1, 'the glossary check'],
        [1, 'the ranking'],
        [
          league === undefined ? 0 : 2,
          'the league list and the ranking again, if the API refuses the league name',
        ],
        [1, 'a wider ranking, if this one is empty'],
      ]),
    );
    const checked = await checkStatistic(api, statistic, 'statistic', signal);
    const { key } = checked;
    let asked: string | undefined;
    const ask = (limit: number | 'all', reading?: PageReading) =>
      withLeagueHint(api, league, signal, (league) => {
        asked = league;
        return api.statisticRankings({
          statistic: key,
          league,
          season: saison,
          position,
          limit,
          reading,
          signal,
        });
      });
    const { result, order, reached } = await bestRanks(ask, limit);
    const cutted = cut(order.rows, limit, MAX, result);
    const { rows, has_more } = cutted;
    const notes = [...order.notes, ...cutted.notes];
    const data = rows.map(
      (e): Ranked => ({
        rank: e.rank,
        name: e.name,
        club: e.club ?? null,
        age: e.age ?? null,
        value: e.value ?? e.score ?? null,
        league: e.league ?? null,
        minutes: e.minutes ?? null,
        ...rowIds(e),
      }),
    );
    // A row read but not shown (unproven the best) names the statistic's unit as well as one shown.
    const unit = result.data.meta?.unit ?? (rows[0] ?? result.data.data[0])?.unit ?? null;
    // Rows left out because the best ranks were not reached are no empty ranking to explain.
    const empty = await explainEmpty({
      rows: reached ? data : [undefined],
      bounds: [],
      scope: asked === undefined ? undefined : { argument: 'league', value: asked, place: (r) => r.league },
      name: (r: { name: string | null; league?: string | null | undefined }) => r.name ?? 'unnamed',
      rest: position ? 'the statistic, position and season' : 'the statistic and season',
      refetch: async () => {
        const again = await api.statisticRankings({
          statistic: key,
          season: saison,
          position,
          limit: MAX,
          signal,
        });
        return { ...again, rows: again.data.data, complete: again.more === 'no' };
      },
    });
    return {
      ...result,
      ...(empty.quota ? { quota: empty.quota } : {}),
      data,
      extra: {
        statistic: key,
        unit,

        has_more,
      },
      notes: [
        ...notes,
        ...(await footballMixNote(
          api,
          data.map((r) => r.league),
          signal,
          'pass a league to keep one (list_leagues with gender names them)',
        )),
        ...empty.notes,
        ...(rows.length === 0 ? seasonUnreadNote(result.data.data) : []),
      ],
      // None shown: the season of the rows read (left out unproven the best), when nothing explains it.
      seasons: rows.length === 0 ? (empty.seasons ?? seasonsOf(result.data.data)) : seasonsOf(rows),
      glossary: checked.name || checked.unit ? { [key]: { name: checked.name, unit: checked.unit } } : {},
    };
  },
  text: ({ data, extra, glossary }, { league, season }) =>
    `${rankedLabel(extra, glossary)} ranking${league ? ` in ${league}` : ''}${season ? `, ${season}` : ''}:\n` +
    table(data as Ranked[], [
      ['#', (e) => e.rank],
      ['name', (e) => e.name],
      ['club', (e) => e.club],
      ['age', (e) => e.age],
      ['value', (e) => e.value],
      ['league', (e) => e.league],
      ['min', (e) => e.minutes],
      ['service_id', idCell],
    ]),
  chart: ({ data, extra, glossary, source }, { league, season }) =>
    rankingBars(
      (data as Ranked[]).filter((e) => e.value !== null),
      (e) => e.value ?? 0,
      {
        title: rankedLabel(extra, glossary, false),
        unit: rankedLabel(extra, glossary),
        league,
        season,
      },
      source,
    ),
});

/**
 * The ranked statistic in words: the glossary's name ("Progressive passes"), else the key's, with the unit
 * the ranking gives (else the glossary's) unless `withUnit` is false.
 */
function rankedLabel(
  extra: { statistic: string; unit: string | null } | undefined,
  names: Record<string, StatisticName> | undefined,
  withUnit = true,
): string {
  if (!extra) return '';
  const { statistic: key } = extra;
  const named = names?.[key];
  const unit = withUnit ? (extra.unit ?? named?.unit ?? null) : null;
  return statisticLabel(key, glossaryOf({ [key]: { name: named?.name ?? null, unit } }));
}
