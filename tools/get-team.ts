import { z } from 'zod';
import { InvalidArgumentError } from '../src/api/errors.js';
import { carryUnread, markUnread, type UnreadWhy, unreadMarks, unreadWhy } from '../src/api/reader/unread.js';
import type { HeadToHeadResponse } from '../src/api/schemas.js';
import { Limit, Season, seasonParam } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { Gathering, SECTION_ROUTE_MISSING, sectionReport } from './kit/gather.js';
import { cut } from './kit/pages.js';
import { sectionsPlan } from './kit/plan.js';
import { idCell, RowServiceId, rowIds } from './kit/shapes.js';
import { emptyCell, isUnread, joined, shown, shownOr, shownText } from './kit/shown.js';
import { euros, formatCell, formatEuros, formatRow, table } from './kit/text.js';

const MAX = 60;
const MEETINGS = 10;
const NOT_FOUND = 'No team with that id: get team_id values from search_teams.';

const TeamId = z.string().min(1).max(64).describe('team_id from search_teams.');

const Squad = z.array(
  z.object({
    name: z.string().nullable(),
    service_id: z.string().nullable().optional(),
    player_id: z.string().nullable().optional(),
    age: z.number().nullable(),
    position: z.string().nullable(),
    primary_role: z.string().nullable(),
    minutes: z.number().nullable(),
    performance_index: z.number().nullable(),
    market_value_eur: z.number().nullable(),
  }),
);
const Similar = z.array(
  z.object({
    team_id: z.string().nullable(),
    name: z.string().nullable(),
    league: z.string().nullable(),
    similarity: z.number().nullable(),
  }),
);
const HeadToHead = z.object({
  // null when the API does not name the opponent (or its name could not be read: the note names it).
  opponent: z.string().nullable(),
  opponent_id: z.string().describe('other_team_id, as asked.'),
  // null when the API's summary does not give it (or it could not be read: the note names it).
  played: z.number().nullable(),
  wins: z.number().nullable(),
  draws: z.number().nullable(),
  losses: z.number().nullable(),
  meetings: z.array(
    z.object({
      date: z.string().nullable(),
      home: z.string().nullable(),
      away: z.string().nullable(),
      // null when either side's goals are not given or not read.
      score: z.string().nullable(),
    }),
  ),
  comparison: z.array(
    z.object({ metric: z.string().nullable(), team: z.number().nullable(), opponent: z.number().nullable() }),
  ),
});

type TeamData = {
  team: {
    team_id: string | null;
    name: string | null;
    league: string | null;
    country: string | null;
    coach: string | null;
    coach_id: string | null;
    season: string | null;
    rating: number | null;
    squad_size: number | null;
    average_age: number | null;
    squad_value_eur: number | null;
    style: Record<string, number | null> | null;
  };
  squad?: z.infer<typeof Squad>;
  similar?: z.infer<typeof Similar>;
  head_to_head?: z.infer<typeof HeadToHead>;
};

/** The team as shown, with what its reading could not read: its coach unread leaves the coach's id unread too. */
function withReadMarks(read: object, team: TeamData['team']): TeamData['team'] {
  const marks = unreadMarks(read);
  if (!marks) return team;
  const fields: Record<string, UnreadWhy> = { ...marks.fields };
  const names: Record<string, readonly string[]> = { ...marks.names };
  const coach = marks.fields.coach;
  if (coach !== undefined && team.coach_id === null) {
    fields.coach_id = coach;
    names.coach_id = marks.names.coach ?? [];
  }
  return markUnread(team, { kind: marks.kind, fields, names });
}

/** "RC Lens (t1) — Ligue 1, France; coach Will Still (c1)": what was read, the rest left out. */
function teamLine(t: TeamData['team']): string {
  const id = shownText(t, 'team_id');
  const coach = shownText(t, 'coach');
  const coachId = coach && shownText(t, 'coach_id');
  // A coach not read leaves his id unread with him: both named in the note.
  if (coach === undefined && isUnread(t, 'coach')) isUnread(t, 'coach_id');
  const where = joined([shownText(t, 'league'), shownText(t, 'country')]);
  const rest = joined([where, coach && `coach ${coach}${coachId ? ` (${coachId})` : ''}`], '; ');
  return joined([joined([shownText(t, 'name'), id && `(${id})`], ' '), rest], ' — ');
}

/** Rating, squad, average age, value and style, each when read. */
function teamFacts(t: TeamData['team']): string {
  const value = shown(t, 'squad_value_eur');
  const style = shown(t, 'style');
  const rating = shownText(t, 'rating');
  const squad = shownText(t, 'squad_size');
  const age = shownText(t, 'average_age');
  return joined(
    [
      joined([
        rating && `rating ${rating}`,
        squad && `squad ${squad}`,
        age && `average age ${age}`,
        value !== undefined && `value ${formatEuros(value)}`,
      ]),
      style &&
        `style ${Object.entries(style)
          .map(([k, v]) => `${k} ${typeof v === 'number' ? formatCell(v) : v}`)
          .join(', ')}`,
    ],
    '; ',
  );
}

export default defineTool({
  name: 'get_team',
  title: 'Team record',
  toolset: 'clubs',
  description:
    "A team's record (league, coach, style, value...); sections squad, similar, head_to_head (needs other_team_id). 1 request, +1 a section (more if paged); a failed section is reported.",
  input: {
    team_id: TeamId,
    sections: z
      .array(z.enum(['squad', 'similar', 'head_to_head']))
      .max(3)
      .default([]),
    other_team_id: TeamId.optional().describe('Opponent for head_to_head.'),
    season: Season.optional(),
    limit: Limit(30, MAX).describe('Rows per section.'),
  },
  // Only the identifying fields are declared (TeamData has the rest): tools/list stays small.
  output: z.object({
    team: z.looseObject({ team_id: z.string().nullable(), name: z.string().nullable() }),
    // A squad row's ids by the one rule (rowIds: its player_id only while unlinked), as the text shows them.
    squad: z.array(z.looseObject({ service_id: RowServiceId })).optional(),
    similar: z.array(z.looseObject({ team_id: z.string().nullable() })).optional(),
    head_to_head: z.looseObject({ opponent: z.string().nullable(), opponent_id: z.string() }).optional(),
  }),
  extra: {
    has_more: z.boolean(),
    failed_sections: z.record(z.string(), z.string()).optional(),
  },
  notFound: NOT_FOUND,
  async run({ team_id, sections, other_team_id, season, limit }, ctx) {
    const { api } = ctx;
    const saison = seasonParam(season);
    const want = new Set(sections);
    if (other_team_id) want.add('head_to_head');
    if (want.has('head_to_head') && !other_team_id)
      throw new InvalidArgumentError(
        'other_team_id',
        'head_to_head needs other_team_id (a team_id from search_teams).',
      );
    const run = new Gathering(1 + want.size, ctx, sectionsPlan(1 + want.size));
    const [team, squad, similar, h2h] = await Promise.all([
      run.required('record', (signal) => api.team({ id: team_id, season: saison, signal })),
      want.has('squad')
        ? run.optional(
            'squad',
            (signal) =>
              api.teamSquad({ id: team_id, season: saison, limit, signal }).then((r) => ({ ...r, data: r })),
            SECTION_ROUTE_MISSING,
          )
        : undefined,
      want.has('similar')
        ? run.optional(
            'similar',
            (signal) => api.teamSimilar({ id: team_id, limit, signal }).then((r) => ({ ...r, data: r })),
            SECTION_ROUTE_MISSING,
          )
        : undefined,
      want.has('head_to_head') && other_team_id
        ? run.optional(
            'head_to_head',
            (signal) => api.teamHeadToHead({ id: team_id, otherId: other_team_id, season: saison, signal }),
            'No team with other_team_id: get team_id values from search_teams.',
          )
        : undefined,
    ]);
    const squadPage = squad ? cut(squad.data.data, limit, MAX, squad) : undefined;
    const similarPage = similar ? cut(similar.data.data, limit, MAX, similar) : undefined;
    const t = team.data;
    const data: TeamData = {
      team: withReadMarks(t, {
        team_id: t.team_id,
        name: t.name,
        league: t.league ?? null,
        country: t.country ?? null,
        coach: t.coach?.name ?? null,
        coach_id: t.coach?.coach_id ?? null,
        season: t.season ?? null,
        rating: t.rating ?? null,
        squad_size: t.squad_size ?? null,
        average_age: t.average_age ?? null,
        squad_value_eur: t.squad_value_eur ?? null,
        style: t.style ?? null,
      }),
      ...(squadPage
        ? {
            squad: squadPage.rows.map((p) => ({
              name: p.name,
              ...rowIds(p),
              age: p.age ?? null,
              position: p.position ?? null,
              primary_role: p.primary_role ?? null,
              minutes: p.minutes ?? null,
              performance_index: p.performance_index ?? null,
              market_value_eur: p.market_value_eur ?? null,
            })),
          }
        : {}),
      ...(similarPage
        ? {
            similar: similarPage.rows.map((s) => ({
              team_id: s.team_id,
              name: s.name,
              league: s.league ?? null,
              similarity: s.similarity ?? null,
            })),
          }
        : {}),
      ...(h2h ? { head_to_head: headToHead(h2h.data, other_team_id ?? '') } : {}),
    };
    const { notes, failed_sections } = sectionReport(run.failures);
    const pages = { squad: squadPage, similar: similarPage };
    const more = Object.entries(pages).filter(([, p]) => p?.has_more);
    // A list section asked that could not be read holds rows not shown: never "no more".
    const unreadList = Object.keys(pages).some((section) => failed_sections?.[section] !== undefined);
    return {
      ...run.envelope(),
      data,
      extra: { has_more: more.length > 0 || unreadList, ...(failed_sections ? { failed_sections } : {}) },
      notes: [
        ...Object.entries(pages).flatMap(([section, p]) => (p?.notes ?? []).map((n) => `${section}: ${n}`)),
        ...notes,
      ],
    };
  },
  text: ({ data: loose }) => {
    const data = loose as TeamData;
    const t = data.team;
    const lines = [teamLine(t), teamFacts(t)].filter((line) => line !== '');
    if (data.squad)
      lines.push(
        '\nSquad:',
        table(data.squad, [
          ['name', (p) => p.name],
          ['age', (p) => p.age],
          ['position', (p) => p.position],
          ['best role', (p) => p.primary_role],
          ['min', (p) => p.minutes],
          ['index', (p) => p.performance_index],
          [
            'value',
            (p) =>
              p.market_value_eur == null ? emptyCell(p, 'market_value_eur') : euros(p.market_value_eur),
          ],
          ['service_id', idCell],
        ]),
      );
    if (data.similar)
      lines.push(
        '\nSimilar teams:',
        table(data.similar, [
          ['team', (s) => s.name],
          ['league', (s) => s.league],
          ['similarity', (s) => s.similarity],
          ['team_id', (s) => s.team_id],
        ]),
      );
    const h = data.head_to_head;
    if (h)
      lines.push(
        `\nHead-to-head with ${opponentName(h)}${recordText(h)}.`,
        // A list the answer held under a name not read is no "(no rows)": left out, noted.
        h.meetings.length === 0 && isUnread(h, 'meetings')
          ? ''
          : table(h.meetings, [
              ['date', (m) => m.date],
              ['home', (m) => m.home],
              ['score', (m) => m.score],
              ['away', (m) => m.away],
            ]),
        // Each metric's two values side by side share one format: they never print equal when they differ.
        h.comparison.length === 0 && isUnread(h, 'comparison')
          ? ''
          : table(
              h.comparison.map((c) => {
                const values = formatRow([c.team, c.opponent]);
                // A side's value not read is left blank (noted), never "–".
                if (c.team === null) values[0] = emptyCell(c, 'team');
                if (c.opponent === null) values[1] = emptyCell(c, 'opponent');
                return { metric: c.metric ?? (isUnread(c, 'metric') ? '' : null), values };
              }),
              [
                ['metric', (c) => c.metric],
                [t.name ?? 'team', (c) => c.values[0]],
                [opponentName(h), (c) => c.values[1]],
              ],
            ),
      );
    return lines.join('\n');
  },
});

function headToHead(
  data: z.infer<typeof HeadToHeadResponse>['data'],
  otherId: string,
): z.infer<typeof HeadToHead> {
  // The opponent's name as the API wrote it; never its id in the name's place.
  const opponent = data.opponent?.name ?? null;
  const summary = data.summary;
  // A count the summary does not give is not made up (no 0 won for a summary not read).
  const counts = {
    played: summary?.played ?? null,
    wins: summary?.wins ?? null,
    draws: summary?.draws ?? null,
    losses: summary?.losses ?? null,
  };
  const summaryUnread = unreadWhy(data, 'summary');
  const out = {
    opponent,
    opponent_id: otherId,
    ...counts,
    meetings: (data.meetings ?? []).slice(-MEETINGS).map((m) =>
      carryUnread(
        {
          date: m.date ?? null,
          home: m.home ?? null,
          away: m.away ?? null,
          score: m.home_goals == null || m.away_goals == null ? null : `${m.home_goals}-${m.away_goals}`,
        },
        m,
        {
          date: 'date',
          home: 'home',
          away: 'away',
          score: unreadWhy(m, 'home_goals') !== undefined ? 'home_goals' : 'away_goals',
        },
      ),
    ),
    comparison: (data.comparison ?? []).map((c) =>
      carryUnread({ metric: c.metric ?? null, team: c.team ?? null, opponent: c.opponent ?? null }, c, {
        metric: 'metric',
        team: 'team',
        opponent: 'opponent',
      }),
    ),
  };
  // What the answer held under names not read stays unread on the section: the counts of a summary not
  // read, and the meetings and metrics when none was read (never "no rows").
  const marks = unreadMarks(data);
  const fields: Record<string, UnreadWhy> = {};
  const names: Record<string, readonly string[]> = {};
  const unread = (field: string, from: string, why: UnreadWhy | undefined) => {
    if (why === undefined) return;
    fields[field] = why;
    names[field] = marks?.names[from] ?? [];
  };
  for (const [field, n] of Object.entries(counts)) if (n === null) unread(field, 'summary', summaryUnread);
  if (opponent === null) {
    // The opponent's name under a name not read, inside its object or the object itself.
    const inside = unreadMarks(data.opponent);
    const why = unreadWhy(data.opponent, 'name');
    if (why !== undefined) {
      fields.opponent = why;
      names.opponent = inside?.names.name ?? [];
    } else unread('opponent', 'opponent', unreadWhy(data, 'opponent'));
  }
  // A count the summary read held under a name not read (its reader's marks: loose-fields.ts).
  const own = unreadMarks(summary);
  for (const [field, n] of Object.entries(counts)) {
    const why = own?.fields[field];
    if (n !== null || why === undefined) continue;
    fields[field] = why;
    names[field] = own?.names[field] ?? [];
  }
  for (const list of ['meetings', 'comparison'] as const)
    if (out[list].length === 0) unread(list, list, unreadWhy(data, list));
  if (Object.keys(fields).length === 0) return out;
  return markUnread(out, { kind: 'head_to_head', fields, names });
}

/** The opponent by its name, or by the id asked for when the name is not given or not read (noted). */
function opponentName(h: z.infer<typeof HeadToHead>): string {
  return h.opponent ?? `team ${h.opponent_id}`;
}

/** ": 3 played, 1 won, 1 drawn, 1 lost", each count the summary gives (one not read is left out, noted). */
function recordText(h: z.infer<typeof HeadToHead>): string {
  const parts = joined([
    ...(
      [
        ['played', 'played'],
        ['wins', 'won'],
        ['draws', 'drawn'],
        ['losses', 'lost'],
      ] as const
    ).map(([field, word]) => {
      const n = shownOr(h, field, '');
      return n ? `${n} ${word}` : undefined;
    }),
  ]);
  return parts ? `: ${parts}` : '';
}
