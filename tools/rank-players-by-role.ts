import { z } from 'zod';
import type { RankingEntry } from '../src/api/schemas.js';
import { rankingBars } from '../src/charts/ranking-bars.js';
import { roleWithLabel } from '../src/domain/role-labels.js';
import { withLeagueHint } from '../src/facts/league-hint.js';
import { LeagueName, Limit, RoleKeyArg, Season, seasonParam } from '../src/mcp/args.js';
import { seasonsOf } from '../src/mcp/season.js';
import { defineTool } from '../src/mcp/tool.js';
import { bestRanks } from './kit/best-ranks.js';
import { explainEmpty } from './kit/empty-answer.js';
import { cut, PAGE_SIZE } from './kit/pages.js';
import { idCell, RowServiceId, rowIds } from './kit/shapes.js';
import { table } from './kit/text.js';

const MAX = PAGE_SIZE.rankings;

// A row's ids by the one rule (rowIds: its player_id only while unlinked), as the text shows them.
const Entry = z.looseObject({
  rank: z.number(),
  name: z.string().nullable(),
  club: z.string().nullable(),
  age: z.number().nullable(),
  score: z
    .number()
    .describe('Performance index for the role; relative, recalculated weekly: compare, do not threshold.'),
  service_id: RowServiceId,
  league: z.string().nullable(),
  minutes: z.number().nullable(),
});

export default defineTool({
  name: 'rank_players_by_role',
  title: 'Rank players by role',
  toolset: 'players',
  description:
    'Best players for one positional role (performance index), in one league or across the leagues the key can access, for a season. ' +
    'Use it for "best ball-playing centre-backs in Ligue 1"-type questions. For several roles at once or age/minutes filters use scout_players. ' +
    '1 request a page, unless cached.',
  input: {
    role: RoleKeyArg,
    season: Season.optional(),
    league: LeagueName.optional(),
    limit: Limit(20, MAX),
  },
  output: z.array(Entry),
  extra: { role: z.string().describe('The role key ranked (current key, also when an old key was given).') },
  async run({ role, season, league, limit }, { api, roles, signal }) {
    const saison = seasonParam(season);
    const resolved = await roles.resolve(role, signal);
    let asked: string | undefined;
    const ask = (limit: number) =>
      withLeagueHint(api, league, signal, (league) => {
        asked = league;
        return api.rankings({ role: resolved.key, season: saison, league, limit, signal });
      });
    const { result, order } = await bestRanks(ask, limit, MAX);
    const cutted = cut(order.rows, limit, MAX, result);
    const { rows, has_more } = cutted;
    const more = [...order.notes, ...cutted.notes];
    const data = rows.map((e) => ({
      rank: e.rank,
      name: e.name,
      club: e.club ?? null,
      age: e.age ?? null,
      score: e.score,
      ...rowIds(e),
      league: e.league ?? null,
      minutes: e.minutes ?? null,
    }));
    const notes = [
      ...(resolved.renamedFrom ? [`role "${resolved.renamedFrom}" was renamed "${resolved.key}".`] : []),
      ...more,
    ];
    const empty = await explainEmpty({
      rows: data,
      bounds: [],
      scope: asked === undefined ? undefined : { argument: 'league', value: asked, place: (r) => r.league },
      name: (r: RankingEntry) => r.name ?? 'unnamed',
      rest: 'the role and season',
      refetch: async () => {
        const again = await api.rankings({ role: resolved.key, season: saison, limit: MAX, signal });
        return { ...again, rows: again.data.data, complete: again.more === 'no' };
      },
    });
    return {
      ...result,
      ...(empty.quota ? { quota: empty.quota } : {}),
      data,
      extra: { role: resolved.key },
      notes: [...notes, ...empty.notes],
      has_more,
      seasons: seasonsOf(rows),
    };
  },
  text: ({ data, extra }, { league, season }) =>
    `${roleWithLabel(extra?.role ?? '')} ranking${league ? ` in ${league}` : ''}${season ? `, ${season}` : ''}:\n` +
    table(data, [
      ['#', (e) => e.rank],
      ['name', (e) => e.name],
      ['club', (e) => e.club],
      ['age', (e) => e.age],
      ['score', (e) => e.score],
      ['league', (e) => e.league],
      ['min', (e) => e.minutes],
      ['service_id', idCell],
    ]),
  chart: ({ data, extra, source }, { league, season }) =>
    rankingBars(
      data,
      (e) => e.score,
      {
        title: roleWithLabel(extra?.role ?? ''),
        unit: 'Performance index for the role (relative, recalculated weekly)',
        league,
        season,
      },
      source,
    ),
});
