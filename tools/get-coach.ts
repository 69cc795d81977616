import { z } from 'zod';
import { fieldName, member } from '../src/api/reader/names.js';
import {
  carryUnread,
  markUnread,
  type UnreadMarks,
  type UnreadWhy,
  unreadMarks,
} from '../src/api/reader/unread.js';
import { toNumber } from '../src/api/reader/values.js';
import { defineTool } from '../src/mcp/tool.js';
import { Gathering, SECTION_ROUTE_MISSING, sectionReport } from './kit/gather.js';
import { sectionsPlan } from './kit/plan.js';
import { isUnread, joined, shownOr, shownText } from './kit/shown.js';
import { table } from './kit/text.js';

const MAX_STINTS = 30;
const STINT_FIELDS = Object.fromEntries(
  ['club', 'league', 'from', 'to', 'matches', 'points_per_match'].map((f) => [f, f]),
);
type Stint = {
  club: string | null;
  league: string | null;
  from: string | null;
  to: string | null;
  matches: number | null;
  points_per_match: number | null;
};

const SCALES = ['possession', 'pressing', 'directness', 'width', 'defensive_line', 'tempo'];

export default defineTool({
  name: 'get_coach',
  title: 'Coach record',
  toolset: 'clubs',
  description:
    "A coach's record (team, formation...); sections career (clubs, results) and tactical_profile (style, build-up, favoured roles). 1 request, +1 a section (more if paged); a failed section is reported.",
  input: {
    coach_id: z.string().min(1).max(64).describe('coach_id from search_coaches or get_team.'),
    sections: z
      .array(z.enum(['career', 'tactical_profile']))
      .max(2)
      .default([]),
  },
  output: z.object({
    coach: z.looseObject({ coach_id: z.string().nullable(), name: z.string().nullable() }),
    career: z.array(z.looseObject({ club: z.string().nullable() })).optional(),
    tactical_profile: z.record(z.string(), z.unknown()).optional(),
  }),
  extra: { failed_sections: z.record(z.string(), z.string()).optional() },
  notFound: 'No coach with that id: get coach_id values from search_coaches or get_team.',
  async run({ coach_id, sections }, ctx) {
    const { api } = ctx;
    const run = new Gathering(1 + new Set(sections).size, ctx, sectionsPlan(1 + new Set(sections).size));
    const [coach, career, tactics] = await Promise.all([
      run.required('record', (signal) => api.coach({ id: coach_id, signal })),
      sections.includes('career')
        ? run.optional('career', (signal) => api.coachCareer({ id: coach_id, signal }), SECTION_ROUTE_MISSING)
        : undefined,
      sections.includes('tactical_profile')
        ? run.optional(
            'tactical_profile',
            (signal) => api.coachTactics({ id: coach_id, signal }),
            SECTION_ROUTE_MISSING,
          )
        : undefined,
    ]);
    const c = coach.data;
    const data = {
      coach: {
        coach_id: c.coach_id,
        name: c.name,
        nationality: c.nationality ?? null,
        age: c.age ?? null,
        team: c.team ?? null,
        team_id: c.team_id ?? null,
        league: c.league ?? null,
        since: c.since ?? null,
        formation: c.formation ?? null,
        style: c.style ?? null,
      },
      ...(career
        ? {
            career: career.data.slice(0, MAX_STINTS).map(
              (s): Stint =>
                carryUnread(
                  {
                    club: s.club ?? null,
                    league: s.league ?? null,
                    from: s.from ?? null,
                    to: s.to ?? null,
                    matches: s.matches ?? null,
                    points_per_match: s.points_per_match ?? null,
                  },
                  s,
                  STINT_FIELDS,
                ),
            ),
          }
        : {}),
      ...(tactics ? { tactical_profile: tacticalProfile(tactics.data) } : {}),
    };
    const { notes, failed_sections } = sectionReport(run.failures);
    if (career && career.data.length > MAX_STINTS)
      notes.push(`career: the ${MAX_STINTS} first of ${career.data.length} clubs shown.`);
    return { ...run.envelope(), data, extra: failed_sections ? { failed_sections } : {}, notes };
  },
  text: ({ data }) => {
    const c = data.coach as Record<string, string | number | null>;
    // What the API left empty or what could not be read is left out (the note names the unread).
    const id = shownText(c, 'coach_id');
    const who = joined([
      joined([shownText(c, 'name'), id && `(${id})`], ' '),
      shownText(c, 'nationality'),
      shownText(c, 'age'),
    ]);
    const team = shownText(c, 'team');
    const where = joined([shownText(c, 'team_id'), shownText(c, 'league')]);
    const since = shownText(c, 'since');
    const post = team && `coach of ${team}${where ? ` (${where})` : ''}${since ? ` since ${since}` : ''}`;
    const formation = shownText(c, 'formation');
    const play = joined([formation && `formation ${formation}`, shownText(c, 'style')]);
    const lines = [joined([joined([who, post], ' — '), play], '; ')];
    if (data.career)
      lines.push(
        '\nCareer:',
        table(data.career as Stint[], [
          ['club', (s) => s.club],
          ['league', (s) => s.league],
          ['from', (s) => s.from],
          ['to', (s) => s.to ?? shownOr(s, 'to', 'now')],
          ['matches', (s) => s.matches],
          ['pts/match', (s) => s.points_per_match],
        ]),
      );
    const t = data.tactical_profile;
    // Aspects the profile lacks because they could not be read: named in the note.
    const aspects = t && unreadAspects.get(t);
    if (t && aspects) {
      const marked = markUnread({ ...t }, aspects);
      for (const key of ASPECTS) if (t[key] == null) isUnread(marked, key);
    }
    if (t)
      lines.push(
        '\nTactical profile:',
        table(
          Object.entries(t).filter(([, v]) => v !== null && v !== undefined),
          [
            ['aspect', ([k]) => k],
            ['value', ([, v]) => (Array.isArray(v) ? v.join(', ') : String(v))],
          ],
        ),
      );
    return lines.join('\n');
  },
});

/**
 * A profile's unread aspects, beside it: its output is a record of any keys, which takes no mark on itself
 * (src/api/reader/unread.ts marks under a symbol key).
 */
const unreadAspects = new WeakMap<object, UnreadMarks>();

/** The profile's aspects, in the order shown. */
const ASPECTS = ['formation', 'alternative_formations', 'style', 'build_up', ...SCALES, 'favoured_roles'];

/** The profile without the identity fields the record already gives. */
function tacticalProfile(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const unparsed: string[] = [];
  for (const key of ASPECTS) {
    // The profile's scales are not fields the row reads: found here in any casing (`DefensiveLine`), and
    // read as numbers here ("86", "86 %"); one that does not read as a number is unread, never shown as text.
    const value = member(data, key);
    const read = SCALES.includes(key) && value != null ? toNumber(value) : value;
    if (SCALES.includes(key) && read != null && typeof read !== 'number') unparsed.push(key);
    else if (read !== undefined) out[key] = read;
  }
  return withUnreadAspects(data, out, unparsed);
}

/**
 * `out`, its unread aspects kept beside it: the aspects it lacks that could not be read: those the reader marked, the
 * scales sent as a text that reads as no number (`unparsed`), and a scale (0 to 100) lacking while the profile
 * holds a number in that range under a name nothing read.
 */
function withUnreadAspects(
  data: Record<string, unknown>,
  out: Record<string, unknown>,
  unparsed: readonly string[],
): Record<string, unknown> {
  const marks = unreadMarks(data);
  const fields: Record<string, UnreadWhy> = {};
  const names: Record<string, readonly string[]> = {};
  for (const key of unparsed) {
    fields[key] = 'value';
    names[key] = [];
  }
  for (const key of ASPECTS) {
    const why = marks?.fields[key];
    if (out[key] != null || why === undefined) continue;
    fields[key] = why;
    names[key] = marks?.names[key] ?? [];
  }
  const ours = new Set(ASPECTS.map(fieldName));
  const scales = Object.keys(data).filter((k) => {
    if (ours.has(fieldName(k)) || /(^|_)id$/.test(fieldName(k))) return false;
    const n = toNumber(data[k]);
    return typeof n === 'number' && n >= 0 && n <= 100;
  });
  if (scales.length > 0)
    for (const key of SCALES)
      if (out[key] == null && fields[key] === undefined) {
        fields[key] = 'name';
        names[key] = scales;
      }
  if (Object.keys(fields).length > 0) unreadAspects.set(out, { kind: 'tactical_profile', fields, names });
  return out;
}
