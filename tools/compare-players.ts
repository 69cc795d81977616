import { z } from 'zod';
import { COMPARE_BATCH } from '../src/api/endpoints.js';
import { comparisonRadar } from '../src/charts/comparison-radar.js';
import { familyOf } from '../src/domain/position-statistics.js';
import { PlayerIdArg, Season, seasonParam } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { answerWhatYouCan, unansweredNotes } from './kit/batch-split.js';
import { PLAYER_NOT_FOUND, PlayerOut, toPlayerOut } from './kit/shapes.js';
import {
  glossaryOf,
  isMoney,
  leftOutText,
  namesOf,
  positionRows,
  readGlossary,
  StatisticNamesOut,
  statisticLabel,
} from './kit/statistic-labels.js';
import { euros, formatRow, table } from './kit/text.js';

const Compared = PlayerOut.extend({
  minutes: z.number().nullable(),
  statistics: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  roles: z.array(z.object({ role: z.string(), score: z.number() })).describe('Best roles, highest first.'),
});

export default defineTool({
  name: 'compare_players',
  title: 'Compare players side by side',
  toolset: 'players',
  description:
    'Side-by-side statistics (per 90) and best roles of 2-10 players. Pass service_ids (stable) or player_ids; with a service_id the ' +
    'latest league season is compared unless `season` is given. Get ids from search_players, rank_players_by_role or scout_players. ' +
    'Costs 1 request (+1 glossary) unless cached.',
  input: {
    player_ids: z.array(PlayerIdArg).min(2).max(COMPARE_BATCH),
    season: Season.optional(),
  },
  output: z.array(Compared),
  extra: { statistic_names: StatisticNamesOut },
  notFound: PLAYER_NOT_FOUND,
  async run({ player_ids, season }, { api, signal }) {
    const [result, glossary] = await Promise.all([
      answerWhatYouCan(
        player_ids,
        async (ids) => {
          const answer = await api.compare({ ids, season: seasonParam(season), signal });
          return { ...answer, data: answer.data.data };
        },
        2,
      ),
      readGlossary(api, signal),
    ]);
    const data = result.data.map((row) => ({
      ...toPlayerOut(row),
      minutes: row.minutes ?? null,
      statistics: row.statistics ?? {},
      roles: (row.roles ?? []).map((r) => ({ role: r.role, score: r.score })),
    }));
    const keys = new Set(data.flatMap((p) => Object.keys(p.statistics)));
    return {
      ...result,
      data,
      extra: { statistic_names: namesOf(keys, glossary) },
      notes: unansweredNotes(result),
    };
  },
  text: ({ data, extra }) => {
    const glossary = glossaryOf(extra?.statistic_names);
    const keys = [...new Set(data.flatMap((p) => Object.keys(p.statistics)))];
    const blank = (k: string) => data.every((p) => p.statistics[k] == null || p.statistics[k] === '');
    const families = data.map((p) => familyOf(p.roles[0]?.role));
    const { shown: stats, left } = positionRows(keys, families, blank);
    const values = (k: string) =>
      data.map((p) => {
        const v = p.statistics[k];
        return isMoney(k, glossary) && (typeof v === 'number' || v == null) ? euros(v) : v;
      });
    type Row = { label: string; values: string[] };
    const rows: Row[] = [
      { label: 'club', values: formatRow(data.map((p) => p.club)) },
      { label: 'season', values: formatRow(data.map((p) => p.season)) },
      { label: 'age', values: formatRow(data.map((p) => p.age)) },
      { label: 'minutes', values: formatRow(data.map((p) => p.minutes)) },
      { label: 'best role', values: bestRoles(data) },
      // Each row's values side by side share one format: two players' values never print equal when they differ.
      ...stats.map((s) => ({ label: statisticLabel(s, glossary), values: formatRow(values(s)) })),
    ];
    const shown = table(rows, [
      ['', (r: Row) => r.label],
      ...data.map(
        (p, i) =>
          [p.name ?? p.service_id ?? p.player_id ?? `player ${i + 1}`, (r: Row) => r.values[i]] as const,
      ),
    ]);
    return [shown, leftOutText(left)].filter(Boolean).join('\n');
  },
  chart: ({ data, extra, source }) => {
    const glossary = glossaryOf(extra?.statistic_names);
    return comparisonRadar(data, source, (key) => statisticLabel(key, glossary));
  },
});

/** Each player's best role and its score, the scores in one format. */
function bestRoles(data: readonly { roles: readonly { role: string; score: number | null }[] }[]): string[] {
  const scores = formatRow(data.map((p) => p.roles[0]?.score));
  return data.map((p, i) => (p.roles[0] ? `${p.roles[0].role} ${scores[i]}` : '–'));
}
