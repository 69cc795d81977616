import { z } from 'zod';
import type { ListRead, PageReading } from '../src/api/list-pages.js';
import type { Quota } from '../src/api/quota.js';
import type { RankingEntry } from '../src/api/schemas.js';
import { rankingBars } from '../src/charts/ranking-bars.js';
import { roleWithLabel } from '../src/domain/role-labels.js';
import { withLeagueHint } from '../src/facts/league-hint.js';
import { LeagueName, Limit, RoleKeyArg, Season, seasonParam } from '../src/mcp/args.js';
import { seasonsOf } from '../src/mcp/season.js';
import { defineTool } from '../src/mcp/tool.js';
import { bestRanks } from './kit/best-ranks.js';
import { explainEmpty } from './kit/empty-answer.js';
import { footballMixNote, GenderArg, LevelArg, leaguesInScope, scopeWords } from './kit/league-scope.js';
import { cut, PAGE_SIZE } from './kit/pages.js';
import { seasonUnreadNote } from './kit/read-season.js';
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
    "Best players for one positional role (performance index) in a league or all the key's leagues. Several roles or filters: scout_players. 1 request a page.",
  input: {
    role: RoleKeyArg,
    season: Season.optional(),
    league: LeagueName.optional(),
    gender: GenderArg.optional(),
    level: LevelArg.optional(),
    limit: Limit(20, MAX),
  },
  output: z.array(Entry),
  extra: { role: z.string().describe('The role key ranked (current key, also when an old key was given).') },
  async run({ role, season, league, gender, level, limit }, { api, roles, signal }) {
    const saison = seasonParam(season);
    const resolved = await roles.resolve(role, signal);
    let asked: string | undefined;
    const ask = (league: string | undefined) => (limit: number | 'all', reading?: PageReading) =>
      withLeagueHint(api, league, signal, (league) => {
        asked = league;
        return api.rankings({ role: resolved.key, season: saison, league, limit, reading, signal });
      });
    // Each list in rank order, whatever order the API sent it in (kit/best-ranks.ts).
    const rank = async (league: string | undefined) => {
      const { result, order, reached } = await bestRanks(ask(league), limit);
      // `read`: every row read, the best ranks proven or not (what an answer showing none is of).
      const read = result.data.data;
      return {
        ...result,
        data: { ...result.data, data: order.rows },
        orderNotes: order.notes,
        reached,
        read,
      };
    };
    // gender or level with no league: each league of that football ranked, the lists merged by score.
    const inScope =
      league === undefined && (gender !== undefined || level !== undefined)
        ? await leaguesInScope(api, { gender, level }, signal)
        : undefined;
    const across = inScope !== undefined && inScope.names.length > 1;
    const result = across ? await rankedAcross(inScope.names, rank) : await rank(inScope?.names[0] ?? league);
    const cutted = cut(result.data.data, limit, MAX, result);
    const { rows, has_more } = cutted;
    const more = [...(across ? [] : result.orderNotes), ...cutted.notes];
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
      ...(inScope?.notes ?? []),
      ...(across ? [`# is the place in the ${inScope.names.length} leagues' lists merged by score.`] : []),
      ...(league !== undefined && (gender !== undefined || level !== undefined)
        ? ['gender and level choose leagues only when none is named: the league named was ranked as given.']
        : []),
      ...(await footballMixNote(
        api,
        data.map((r) => r.league),
        signal,
      )),
      ...(resolved.renamedFrom ? [`role "${resolved.renamedFrom}" was renamed "${resolved.key}".`] : []),
      ...more,
    ];
    // Rows left out because the best ranks were not reached are no empty ranking to explain.
    const empty = await explainEmpty({
      rows: result.reached ? data : [undefined],
      bounds: [],
      scope:
        asked === undefined || inScope
          ? undefined
          : { argument: 'league', value: asked, place: (r) => r.league },
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
      notes: [...notes, ...empty.notes, ...(rows.length === 0 ? seasonUnreadNote(result.read) : [])],
      has_more,
      // None shown: the season of the rows read (left out unproven the best), when nothing explains it.
      seasons: rows.length === 0 ? (empty.seasons ?? seasonsOf(result.read)) : seasonsOf(rows),
    };
  },
  text: ({ data, extra }, { league, season, gender, level }) =>
    `${roleWithLabel(extra?.role ?? '')} ranking${league ? ` in ${leagueShown(league, data)}` : gender || level ? ` in ${scopeWords({ gender, level })} football` : ''}${season ? `, ${season}` : ''}:\n` +
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

/** Each league's ranking, merged by score into one list ranked again; more may exist when any list says so. */
async function rankedAcross<
  R extends { data: { data: RankingEntry[] }; quota: Quota } & Pick<
    ListRead<unknown>,
    'total' | 'more' | 'shortfall' | 'notes'
  > & { reached: boolean; read: RankingEntry[] },
>(leagues: readonly string[], rank: (league: string) => Promise<R>): Promise<R> {
  const lists = await Promise.all(leagues.map((league) => rank(league)));
  // The quota as the last answer left it: the lowest remaining.
  const first = lists.reduce((a, b) =>
    (b.quota.remaining ?? Infinity) < (a.quota.remaining ?? Infinity) ? b : a,
  );
  const merged = lists
    .flatMap((l) => l.data.data)
    .sort((a, b) => b.score - a.score)
    .map((e, i) => ({ ...e, rank: i + 1 }));
  const more = lists.some((l) => l.more === 'yes')
    ? 'yes'
    : lists.some((l) => l.more === 'may')
      ? 'may'
      : 'no';
  return {
    ...first,
    data: { ...first.data, data: merged },
    more,
    total: undefined,
    shortfall: lists.flatMap((l) => l.shortfall),
    notes: [...new Set(lists.flatMap((l) => l.notes))],
    reached: lists.every((l) => l.reached),
    read: lists.flatMap((l) => l.read),
  };
}

/** The league asked, as the rows name it when the words were read as another ("WSL": Women's Super League). */
function leagueShown(asked: string, rows: readonly { league: string | null }[]): string {
  const named = new Set(rows.map((r) => r.league));
  const [only] = named;
  return named.size === 1 && only && only !== asked ? `${only} ("${asked}")` : asked;
}
