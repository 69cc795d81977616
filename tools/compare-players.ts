import { z } from 'zod';
import { COMPARE_BATCH } from '../src/api/endpoints.js';
import type { Aliases } from '../src/api/reader/aliases.js';
import { markUnread, type UnreadWhy, unreadMarks } from '../src/api/reader/unread.js';
import type { ComparedPlayer } from '../src/api/schemas.js';
import { comparisonRadar } from '../src/charts/comparison-radar.js';
import { familyOf } from '../src/domain/position-statistics.js';
import { besideByOurNames, besideLacking } from '../src/facts/beside-numbers.js';
import { canonicalNote, canonicalStatistics, statisticForms } from '../src/facts/statistic-canon.js';
import { PlayerIdArg, Season, seasonParam } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import {
  answerWhatYouCan,
  mostSplitCalls,
  UnansweredOut,
  unansweredFields,
  unansweredNotes,
} from './kit/batch-split.js';
import { announcePlan, type Plan, PlannedCostOut, plan, plannedCost, plannedCostText } from './kit/plan.js';
import { unconfirmedNote, untiedName } from './kit/section-statistics.js';
import { idCell, PLAYER_NOT_FOUND, PlayerRowOut, type RowIds, toPlayerRowOut } from './kit/shapes.js';
import { emptyCell, sideBySide } from './kit/shown.js';
import {
  type GlossaryAsRead,
  glossaryOf,
  isMoney,
  leftOutText,
  namesOf,
  positionRows,
  readGlossary,
  statisticLabel,
} from './kit/statistic-labels.js';
import { euros, formatRow, table } from './kit/text.js';

// A row's ids by the one rule (PlayerRowOut: its player_id only while unlinked), as the text shows them.
const Compared = PlayerRowOut.extend({
  minutes: z.number().nullable(),
  statistics: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  best_role: z.string().nullable(),
  best_role_score: z.number().nullable(),
}).loose();
type Compared = z.infer<typeof Compared> & RowIds;

export default defineTool({
  name: 'compare_players',
  title: 'Compare players side by side',
  toolset: 'players',
  description:
    'Side-by-side statistics (per 90) and best role of 2-10 players, by service_id (latest league season unless `season`) or player_id. 1 request, +1 glossary.',
  input: {
    player_ids: z.array(PlayerIdArg).min(2).max(COMPARE_BATCH),
    season: Season.optional(),
  },
  output: z.array(Compared),
  extra: { requests: PlannedCostOut, ...UnansweredOut },
  notFound: PLAYER_NOT_FOUND,
  async run({ player_ids, season }, ctx) {
    const { api, signal } = ctx;
    const cost = comparePlan(player_ids.length);
    announcePlan(ctx, cost);
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
    // Statistics the API named by label are shown under the glossary's key (one row each, not two).
    const forms = statisticForms(glossary);
    const renamed = new Map<string, string>();
    const rows = result.data.map((row): Compared => {
      return withDerivedMarks(row, {
        ...toPlayerRowOut(row),
        minutes: row.minutes ?? null,
        statistics: besideByOurNames(
          canonicalStatistics(row.statistics ?? {}, forms, renamed),
          api.aliases,
        ) as Compared['statistics'],
        // The best role only, as the text shows it (get_player gives a player's best five).
        best_role: bestRole(row.roles)?.role ?? null,
        best_role_score: bestRole(row.roles)?.score ?? null,
      });
    });
    // A statistic of another position that no compared player has a value for says nothing: left out
    // of both forms (one with a value, or of their position, stays, blank or not).
    const all = statisticKeys(rows);
    const { shown } = positionRows(all, families(rows), (k) => isBlank(rows, k));
    const keys = all.filter((k) => shown.includes(k) || !isBlank(rows, k));
    const data = rows.map((p) => ({
      ...p,
      statistics: Object.fromEntries(Object.entries(p.statistics).filter(([k]) => keys.includes(k))),
    }));
    return {
      ...result,
      data,
      glossary: namesOf(keys, glossary),
      extra: { requests: plannedCost(cost), ...unansweredFields(result) },
      notes: [
        ...canonicalNote(renamed),
        ...unconfirmedNote(labelsKept(keys, glossary)),
        ...besideUnread(data, glossary, api.aliases),
        ...unansweredNotes(result),
        ...sameRowNotes(result.data),
      ],
    };
  },
  text: ({ data: players, glossary: words, extra }) => {
    const data = players as Compared[];
    const glossary = glossaryOf(words);
    const { shown: stats, left } = positionRows(statisticKeys(data), families(data), (k) => isBlank(data, k));
    // A statistic's cells: an amount in euros as one, else as the API gave it.
    const statisticCells = (k: string) =>
      sideBySide(
        data.map((p) => p.statistics),
        k,
        (s) => {
          const v = s[k];
          return isMoney(k, glossary) && typeof v === 'number' ? euros(v) : v;
        },
      );
    type Row = { label: string; values: string[] };
    const rows: Row[] = [
      {
        label: 'service_id',
        values: data.map(idCell),
      },
      { label: 'club', values: sideBySide(data, 'club') },
      { label: 'league', values: sideBySide(data, 'league') },
      { label: 'season', values: sideBySide(data, 'season') },
      { label: 'age', values: sideBySide(data, 'age') },
      { label: 'minutes', values: sideBySide(data, 'minutes') },
      { label: 'best role', values: bestRoles(data) },
      // Each row's values side by side share one format: two players' values never print equal when they differ.
      ...stats.map((s) => ({ label: statisticLabel(s, glossary), values: statisticCells(s) })),
    ];
    const shown = table(rows, [
      ['', (r: Row) => r.label],
      ...data.map(
        (p, i) =>
          [p.name ?? p.service_id ?? p.player_id ?? `player ${i + 1}`, (r: Row) => r.values[i]] as const,
      ),
    ]);
    return [shown, leftOutText(left), extra && plannedCostText(extra.requests)].filter(Boolean).join('\n');
  },
  chart: ({ data, glossary: words, source }) => {
    const glossary = glossaryOf(words);
    const players = data.map((p) => ({ ...p, roles: p.best_role ? [{ role: p.best_role }] : [] }));
    return comparisonRadar(players, source, (key) => statisticLabel(key, glossary));
  },
});

/** The glossary and one compare; when the API refuses an id, the batch split to answer the others. */
function comparePlan(ids: number): Plan {
  const more = mostSplitCalls(ids, 2) - 1;
  return plan([
    [1, 'the glossary check'],
    [1, 'the compare'],
    [more, `up to ${more} more compares, if the API refuses an id (the others asked without it)`],
  ]);
}

/**
 * The note on numbers the rows may give beside the statistics under names nothing reads: one lacking under
 * our name while the rows carry numbers under names neither the glossary (as far as it was read) nor the
 * scout's statistic words know, whose values it could hold, is unread (its values shown under the API's
 * name), not absent.
 */
function besideUnread(rows: readonly Compared[], glossary: GlossaryAsRead, aliases: Aliases): string[] {
  const lacking = besideLacking(
    rows.map((r) => r.statistics),
    { aliases, known: (k) => glossary.has(k) },
  );
  if (lacking.size === 0) return [];
  const found = [...lacking.keys()].map((f) => `"${f}"`);
  const seen = [...new Set([...lacking.values()].flat())].slice(0, 3).join(', ');
  return [
    `Could not read ${found.join(', ')} among the statistics: the API may send them under names the glossary does not list (${seen}), shown as the API names them.`,
  ];
}

function statisticKeys(data: readonly Compared[]): string[] {
  return [...new Set(data.flatMap((p) => Object.keys(p.statistics)))];
}

function isBlank(data: readonly Compared[], key: string): boolean {
  return data.every((p) => p.statistics[key] == null || p.statistics[key] === '');
}

function families(data: readonly Compared[]) {
  return data.map((p) => familyOf(p.best_role ?? undefined));
}

/** Each player's best role and its score, the scores in one format. */
function bestRoles(data: readonly Compared[]): string[] {
  const scores = formatRow(data.map((p) => p.best_role_score));
  return data.map((p, i) => {
    // Both named when unread: the score is drawn from the same role list.
    if (!p.best_role) return emptyCell(p, 'best_role') + emptyCell(p, 'best_role_score').replace('–', '');
    return p.best_role_score == null
      ? `${p.best_role} ${emptyCell(p, 'best_role_score')}`
      : `${p.best_role} ${scores[i]}`;
  });
}

/**
 * The read row's unread fields on the row shown: its own (minutes under a name nothing read), and the
 * best role and its score, drawn from a role list that could not be read.
 */
function withDerivedMarks(row: ComparedPlayer, out: Compared): Compared {
  const marks = unreadMarks(row);
  const partly = rolesPartlyRead(row.roles);
  const roles = marks?.fields.roles ?? partly?.why;
  if (!marks && roles === undefined) return out;
  const fields: Record<string, UnreadWhy> = { ...marks?.fields };
  const names: Record<string, readonly string[]> = { ...marks?.names };
  if (roles !== undefined && out.best_role === null)
    for (const field of ['best_role', 'best_role_score']) {
      fields[field] = roles;
      names[field] = marks?.names.roles ?? partly?.names ?? [];
    }
  return markUnread(out, { kind: marks?.kind ?? 'player', fields, names });
}

type RoleRows = ComparedPlayer['roles'];

/**
 * The best-scored role, when every role's key and score were read; undefined when there is none, or when
 * one was not read (which is best is then not known: both are named unread, rolesPartlyRead).
 */
function bestRole(roles: RoleRows): { role: string; score: number } | undefined {
  if (!roles || rolesPartlyRead(roles)) return undefined;
  let best: { role: string; score: number } | undefined;
  for (const r of roles)
    if (typeof r.role === 'string' && typeof r.score === 'number' && (!best || r.score > best.score))
      best = { role: r.role, score: r.score };
  return best;
}

/** Why some role's key or score was not read (with the API's names that may hold it), if one was not. */
function rolesPartlyRead(roles: RoleRows): { why: UnreadWhy; names: readonly string[] } | undefined {
  for (const r of roles ?? []) {
    const marks = unreadMarks(r);
    const field = ['role', 'score'].find((f) => r[f as 'role' | 'score'] == null && marks?.fields[f]);
    if (field !== undefined && marks)
      return { why: marks.fields[field] as UnreadWhy, names: marks.names[field] ?? [] };
  }
  return undefined;
}

/** Statistics left under a label (words, or a key behind words of the API's) the glossary did not tie to a key. */
function labelsKept(keys: readonly string[], glossary: GlossaryAsRead): Set<string> {
  return new Set(keys.filter((k) => untiedName(k, glossary)));
}

/**
 * Rows the API answered more than once: the ids asked named the same row (a player's row id beside his
 * service_id), so the comparison shows that player beside himself.
 */
function sameRowNotes(rows: readonly { player_id?: string | null; name?: string | null }[]): string[] {
  const times = new Map<string, { name: string | null | undefined; count: number }>();
  for (const row of rows) {
    if (typeof row.player_id !== 'string') continue;
    const seen = times.get(row.player_id);
    times.set(row.player_id, { name: seen?.name ?? row.name, count: (seen?.count ?? 0) + 1 });
  }
  return [...times]
    .filter(([, { count }]) => count > 1)
    .map(
      ([id, { name, count }]) =>
        `${name ?? 'A player'} (row ${id}) is shown ${count} times: the ids asked name the same row.`,
    );
}
