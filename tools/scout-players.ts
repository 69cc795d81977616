import { z } from 'zod';
import type { ApiResult } from '../src/api/client.js';
import type { More } from '../src/api/list-pages.js';
import { publishReadNotes } from '../src/api/reader/notes-sink.js';
import { readNotes } from '../src/api/reader/report.js';
import { unreadWhy } from '../src/api/reader/unread.js';
import { spendingFrom } from '../src/api/request-tally.js';
import type { ScoutedPlayer } from '../src/api/schemas.js';
import { roleWithLabel } from '../src/domain/role-labels.js';
import { familyByWord } from '../src/domain/role-words.js';
import { ROLE_FAMILIES } from '../src/domain/roles.js';
import { withLeagueHint } from '../src/facts/league-hint.js';
import { LeagueName, Limit, RoleKeyArg, Season, seasonParam } from '../src/mcp/args.js';
import { seasonsOf } from '../src/mcp/season.js';
import { defineTool } from '../src/mcp/tool.js';
import { explainEmpty, scoutBounds } from './kit/empty-answer.js';
import { footballMixNote, GenderArg, LevelArg, leaguesInScope } from './kit/league-scope.js';
import { cut, PAGE_SIZE } from './kit/pages.js';
import { announcePlan, type Plan, PlannedCostOut, plan, plannedCost, plannedCostText } from './kit/plan.js';
import { seasonUnreadNote } from './kit/read-season.js';
import { byFamily, byFoot, byLeagueAsked, byValue, inTurn, mergeByScore } from './kit/scout-filters.js';
import { idCell, PlayerRowOut, toPlayerRowOut } from './kit/shapes.js';
import { emptyCell } from './kit/shown.js';
import { euros, table } from './kit/text.js';

const MAX = PAGE_SIZE.scouting;
const MAX_LEAGUES = 6;
const FAMILIES = Object.keys(ROLE_FAMILIES);

// A row's ids by the one rule (PlayerRowOut: its player_id only while unlinked), as the text shows them.
const Scouted = PlayerRowOut.extend({
  minutes: z.number().nullable(),
  role: z.string().nullable().describe('Best-matching requested role.'),
  score: z.number().nullable(),
  market_value_eur: z.number().nullable(),
});

/** The worst of several lists' `more`: `yes` over `may` over `no`. */
function worst(mores: readonly More[]): More {
  return mores.includes('yes') ? 'yes' : mores.includes('may') ? 'may' : 'no';
}

export default defineTool({
  name: 'scout_players',
  title: 'Scout players',
  toolset: 'players',
  description:
    'Shortlist players fitting any of several roles (CB: every centre-back role), best score first. ' +
    '1 request a league page; foot may need player records.',
  input: {
    roles: z.array(RoleKeyArg).min(1).max(8),
    season: Season.optional(),
    max_age: z.number().int().min(14).max(50).optional(),
    min_minutes: z.number().int().min(0).max(10_000).optional(),
    league: LeagueName.optional(),
    leagues: z
      .array(z.string().min(2).max(80))
      .max(MAX_LEAGUES)
      .meta({ examples: [['Ligue 2', 'Eredivisie']] })
      .optional(),
    gender: GenderArg.optional(),
    level: LevelArg.optional(),
    position: z
      .string()
      .max(40)
      .refine((word) => familyByWord(word) !== undefined, {
        message: `a position: ${FAMILIES.join(', ')}, or a word such as "CB" or "winger"`,
      })
      .optional()
      .meta({ examples: ['CB'] })
      .describe('e.g. CB, winger'),
    foot: z.enum(['left', 'right', 'both']).optional().describe('Preferred foot.'),
    max_value_eur: z
      .number()
      .refine((euros) => euros >= 0, { message: 'a value in euros, 0 or more' })
      .optional()
      .describe('Highest market value.'),
    record_budget: z.number().int().min(0).max(MAX).optional().describe('0: count only'),
    limit: Limit(20, MAX),
  },
  output: z.array(Scouted),
  extra: {
    roles: z.array(z.string()).describe('Role keys searched (current keys).'),
    requests: PlannedCostOut,
  },
  async run(args, ctx) {
    const { api, roles, signal } = ctx;
    const { roles: wanted, season, max_age, min_minutes, league, leagues, limit } = args;
    const { position, foot, max_value_eur, record_budget = 0, gender, level } = args;
    const saison = seasonParam(season);
    const { keys, renamed, families } = await roles.resolveAll(wanted, signal, 'roles');
    const explicit = [...new Set([...(league !== undefined ? [league] : []), ...(leagues ?? [])])];
    // gender or level: every league of the key of that football, when no league is named.
    const facts = gender !== undefined || level !== undefined;
    const inScope =
      facts && explicit.length === 0 ? await leaguesInScope(api, { gender, level }, signal) : undefined;
    const named = inScope?.names ?? explicit;
    const scope = named.length > 0 ? named : [undefined];
    const filtering = position !== undefined || foot !== undefined || max_value_eur !== undefined;
    const cost = scoutPlan(scope.length, named.length, filtering ? api.maxPages : 1, {
      records: foot !== undefined ? record_budget : 0,
      recheck: max_age !== undefined || min_minutes !== undefined,
    });
    announcePlan(ctx, cost);
    // Local filters drop rows: read each league's whole list (within the page budget), not only `limit`.
    const want = filtering ? 'all' : limit;
    /** Every league asked (or none), read with `filters`, in parallel. */
    const readLeagues = (filters: { ageMax?: number; minutesMin?: number }, rows: number | 'all') =>
      Promise.all(
        scope.map((name) =>
          withLeagueHint(api, name, signal, (league) =>
            api.scouting({ season: saison, roles: keys, ...filters, league, limit: rows, signal }),
          ),
        ),
      );
    // What the league lists and the foot's records spend, hints and retries included (counted by the client).
    const spending = spendingFrom();
    const reads = await readLeagues({ ageMax: max_age, minutesMin: min_minutes }, want);
    const [first] = reads as [(typeof reads)[number], ...typeof reads];
    for (const other of reads.slice(1)) if (other.read) publishReadNotes(readNotes(other.read), other.read);
    const lists = reads.map((r) => r.data.data);
    // Several leagues' lists whose scores could not be read: no score tells which rows are the best of them
    // all, so none is ranked across leagues; each league's rows keep the API's order.
    const unranked =
      reads.length > 1 &&
      lists.some((list) => list.some((row) => row.score == null && unreadWhy(row, 'score') !== undefined));
    let rows = unranked ? inTurn(lists) : mergeByScore(lists);
    const filterNotes: string[] = [];
    const family = position === undefined ? undefined : familyByWord(position);
    if (family !== undefined) {
      const f = byFamily(rows, family);
      rows = f.rows;
      filterNotes.push(...f.notes);
    }
    if (max_value_eur !== undefined) {
      const f = byValue(rows, max_value_eur);
      rows = f.rows;
      filterNotes.push(...f.notes);
    }
    const answers: ApiResult<unknown>[] = [...reads];
    let footComplete = true;
    if (foot !== undefined) {
      const f = await byFoot(api, rows, foot, record_budget, limit, signal);
      rows = f.rows;
      filterNotes.push(...f.notes);
      footComplete = f.complete;
      answers.push(...f.records);
    }
    const more = worst(reads.map((r) => r.more));
    const list =
      reads.length === 1 && !filtering
        ? first
        : {
            total: more === 'no' && footComplete ? rows.length : undefined,
            more: footComplete ? more : 'yes',
            // Each league's list is read on its own: its notes say which league they are of.
            shortfall: ofLeagues(
              scope,
              reads.map((r) => r.shortfall),
            ),
            notes: ofLeagues(
              scope,
              reads.map((r) => r.notes),
            ),
          };
    const page = cut(rows, limit, MAX, list, footComplete ? undefined : 'raise record_budget');
    // A former role key is shown by its current key where every answer is shaped (canonical-forms.ts).
    const data = (unranked ? byLeagueAsked(page.rows, lists) : page.rows).map((row) => ({
      ...toPlayerRowOut(row),
      minutes: row.minutes ?? null,
      role: row.role ?? null,
      score: row.score ?? null,
      market_value_eur: row.market_value_eur ?? null,
    }));
    const spent = spending();
    const requests = spent.sent + spent.from_cache;
    const notes = [
      ...(inScope?.notes ?? []),
      ...(facts && explicit.length > 0
        ? ['gender and level choose leagues only when none is named: the leagues named were read as given.']
        : []),
      ...(await footballMixNote(
        api,
        data.map((r) => r.league),
        signal,
      )),
      ...renamed.map((r) => `role "${r.from}" was renamed "${r.to}".`),
      ...families.map((f) => `"${f.word}" searched every ${f.family.replaceAll('_', ' ')} role.`),
      ...filterNotes,
      ...(unranked && data.length > 0 ? [unrankedNote(lists.length)] : []),
      ...page.notes,
      ...(reads.length > 1 || filtering
        ? [
            `${reads.length} league list${reads.length === 1 ? '' : 's'} read: ${requests} request${requests === 1 ? '' : 's'} (${spent.sent} sent, ${spent.from_cache} from the cache).`,
          ]
        : []),
    ];
    const quota = (answers.at(-1) ?? first).quota;
    const source = {
      cached: answers.every((r) => r.source.cached),
      fetched_at: answers.map((r) => r.source.fetched_at).sort()[0] as string,
      ...(answers.some((r) => r.source.stale)
        ? { stale: true, age_s: Math.max(...answers.map((r) => r.source.age_s ?? 0)) }
        : {}),
    };
    // Nothing came from the API itself: say which of its filters binds (local filters' notes say theirs).
    const empty = await explainEmpty({
      rows: reads.flatMap((r) => r.data.data),
      bounds: scoutBounds(max_age, min_minutes),
      name: (row: ScoutedPlayer) => [row.name, row.club].filter(Boolean).join(', ') || 'unnamed',
      rest: named.length > 0 ? 'the roles, league and season' : 'the roles and season',
      season,
      refetch: async () => {
        const again = await readLeagues({}, MAX);
        const last = again.at(-1) as (typeof again)[number];
        return {
          ...last,
          rows: mergeByScore(again.map((r) => r.data.data)),
          complete: again.every((r) => r.more === 'no'),
        };
      },
    });
    return {
      ...first,
      quota: empty.quota ?? quota,
      source,
      data,
      extra: { roles: keys, requests: plannedCost(cost) },
      notes: [
        ...notes,
        ...empty.notes,
        ...(data.length === 0 ? seasonUnreadNote(reads.flatMap((r) => r.data.data)) : []),
      ],
      has_more: page.has_more,
      // None shown: the season is the one the rows read carry (local filters may have left them all out).
      ...(data.length === 0
        ? seasonsRead(
            empty.seasons,
            reads.flatMap((r) => r.data.data),
          )
        : {}),
    };
  },
  text: ({ data, extra }) =>
    [
      table(data, [
        ['name', (p) => p.name],
        ['club', (p) => p.club],
        ['league', (p) => p.league],
        ['age', (p) => p.age],
        ['min', (p) => p.minutes],
        ['role', (p) => (p.role ? roleWithLabel(p.role) : null)],
        ['score', (p) => p.score],
        [
          'value',
          (p) => (p.market_value_eur == null ? emptyCell(p, 'market_value_eur') : euros(p.market_value_eur)),
        ],
        ['service_id', idCell],
      ]),
      ...(extra ? [plannedCostText(extra.requests)] : []),
    ].join('\n'),
});

/**
 * The most requests a shortlist means to send: the role list (cached a day), each league's list (its
 * pages: all of them within the page budget when local filters need the whole list), the league list
 * and each league asked again when the API refuses a league's name, the foot's player records, and
 * each league's list asked again without the age and minutes bounds when none passes them.
 */
function scoutPlan(
  lists: number,
  named: number,
  pages: number,
  { records, recheck }: { records: number; recheck: boolean },
): Plan {
  const each = pages === 1 ? '1 page' : `up to ${pages} pages`;
  return plan([
    [1, 'the role list'],
    [lists * pages, `${lists} league list${lists === 1 ? '' : 's'} of ${each}`],
    [named > 0 ? 1 + named : 0, 'the league names, if the API refuses one'],
    [records, `up to ${records} player records for the foot`],
    [recheck ? lists : 0, 'the lists without max_age and min_minutes, if no player passes them'],
  ]);
}

/** The seasons an empty answer is of: the explanation's, else those of the rows read before local filters. */
function seasonsRead(
  explained: string[] | undefined,
  rows: readonly { season?: string | null | undefined }[],
): { seasons?: string[] } {
  const seasons = explained ?? seasonsOf(rows);
  return seasons.length > 0 ? { seasons } : {};
}

/** Several leagues' rows shown with their scores unread: not ranked across leagues, and what to ask instead. */
function unrankedNote(leagues: number): string {
  return `The scores could not be read (\`football-scout-mcp doctor\` names the field), so the rows are not ranked across leagues: each league's rows are shown in the API's order, taken from the ${leagues} leagues in turn. For the best of a league, ask one league at a time (league); across leagues, rank by a statistic (rank_players_by_statistic).`;
}

/** The notes of each league's list, each named by the leagues it was said of when several were read. */
function ofLeagues(
  leagues: readonly (string | undefined)[],
  notes: readonly (readonly string[])[],
): string[] {
  if (leagues.length < 2) return notes.flatMap((n) => [...n]);
  const said = new Map<string, string[]>();
  notes.forEach((list, i) => {
    for (const note of list) said.set(note, [...(said.get(note) ?? []), leagues[i] ?? 'all leagues']);
  });
  return [...said].map(([note, of]) =>
    of.length > 4
      ? `${of.slice(0, 4).join(', ')} and ${of.length - 4} more: ${note}`
      : `${of.join(', ')}: ${note}`,
  );
}
