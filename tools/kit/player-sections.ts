// The parts of a player's record (GET /v1/players/:id and its sub-resources), fetched and mapped
// to compact output shapes. Shared by get_player and scouting_report.
import { z } from 'zod';
import type { ApiClient, ApiResult } from '../../src/api/client.js';
import { BadResponseError } from '../../src/api/errors.js';
import { publishReadNotes } from '../../src/api/reader/notes-sink.js';
import {
  carryUnread,
  markUnread,
  type UnreadWhy,
  unreadMarks,
  unreadWhy,
} from '../../src/api/reader/unread.js';
import type { PlayerRecord } from '../../src/api/schemas.js';
import { bestFirst } from './best-first.js';
import type { Gathering } from './gather.js';
import { PlayerOut, PlayerRowOut, toPlayerOut, toPlayerRowOut } from './shapes.js';

export const SECTION_NAMES = [
  'statistics',
  'roles',
  'strengths',
  'market_value',
  'projections',
  'similar',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** Roles kept of the 31 the API scores: the best ones are what a reader needs. */
export const ROLES_SHOWN = 5;
/** Projections kept, best first. */
export const PROJECTIONS_SHOWN = 8;

const n = z.number().nullable();

export const PlayerCardOut = PlayerOut.extend({
  position: z.string().nullable(),
  nationality: z.string().nullable(),
  birth_date: z.string().nullable(),
  foot: z.string().nullable(),
  height_cm: n,
  primary_role: z.string().nullable(),
  performance_index: n,
  minutes: n,
  appearances: n,
  contract_until: z.string().nullable(),
  market_value_eur: n,
  data_as_of: z.string().nullable().describe('Date of the data the record rests on (it moves weekly).'),
});
export type PlayerCard = z.infer<typeof PlayerCardOut>;

const Percentile = z.object({ statistic: z.string().nullable(), value: n, percentile: n });

export const SectionsOut = {
  statistics: z
    .object({
      minutes: n,
      per: z.string().nullable(),
      values: z.record(z.string(), n),
      // Numbers the API sent among or beside its statistics that are none (the note says why), by its names.
      unplaced: z.record(z.string(), n).optional(),
    })
    .optional(),
  roles: z.array(z.object({ role: z.string().nullable(), score: n })).optional(),
  strengths: z
    .object({
      compared_with: z.string().nullable(),
      // null, never an empty list, when the API's answer held them under a name not read (the notes say).
      strengths: z.array(Percentile).nullable(),
      weaknesses: z.array(Percentile).nullable(),
    })
    .optional(),
  market_value: z.object({ value_eur: n, low_eur: n, high_eur: n, as_of: z.string().nullable() }).optional(),
  projections: z
    .array(z.object({ league: z.string().nullable(), projected_score: n, current_score: n, delta: n }))
    .optional(),
  // Similar profiles' ids by the one rule (PlayerRowOut: a player_id only while unlinked), as the text shows them.
  similar: z.array(PlayerRowOut.extend({ similarity: n, performance_index: n })).optional(),
};
export type Sections = { [K in SectionName]?: z.output<(typeof SectionsOut)[K]> };

export interface PlayerQuery {
  id: string;
  /** API season label, already normalised. */
  saison: string | undefined;
  similarLimit: number;
}

const mapped = <T, U>(result: ApiResult<T>, map: (data: T) => U): ApiResult<U> => ({
  ...result,
  data: map(result.data),
});

export function fetchRecord(
  api: ApiClient,
  q: PlayerQuery,
  signal: AbortSignal,
): Promise<ApiResult<PlayerCard>> {
  return api
    .player({ id: q.id, season: q.saison, signal })
    .then((r) => mapped(r, (body) => toPlayerCard(body.data)));
}

export function toPlayerCard(row: PlayerRecord): PlayerCard {
  return {
    ...toPlayerOut(row),
    position: row.position ?? null,
    nationality: row.nationality ?? null,
    birth_date: row.birth_date ?? null,
    foot: row.foot ?? null,
    height_cm: row.height_cm ?? null,
    primary_role: row.primary_role ?? null,
    performance_index: row.performance_index ?? null,
    minutes: row.minutes ?? null,
    appearances: row.appearances ?? null,
    contract_until: row.contract_until ?? null,
    market_value_eur: row.market_value_eur ?? null,
    data_as_of: row.data_as_of ?? null,
  };
}

/** A section as read, and whether its list stopped short of the rows asked (more exist then, whatever its length). */
interface SectionRead<K extends SectionName> {
  section: NonNullable<Sections[K]>;
  readInPart: boolean;
}

/** What the asked sections gave, and which of them were read in part. */
export interface SectionsRead {
  sections: Sections;
  readInPart: ReadonlySet<SectionName>;
}

type SectionFetcher<K extends SectionName> = (
  api: ApiClient,
  q: PlayerQuery,
  signal: AbortSignal,
) => Promise<ApiResult<SectionRead<K>>>;

/** A section read whole: its answer mapped to its shape. */
const whole = <T, U>(
  result: ApiResult<T>,
  map: (data: T) => U,
): ApiResult<{ section: U; readInPart: false }> =>
  mapped(result, (data) => ({ section: map(data), readInPart: false }));

const FETCHERS: { [K in SectionName]: SectionFetcher<K> } = {
  statistics: (api, q, signal) =>
    api.playerStatistics({ id: q.id, season: q.saison, signal }).then((r) =>
      whole(r, ({ data }) => ({
        minutes: data.minutes ?? null,
        per: data.per ?? null,
        values: data.statistics,
      })),
    ),
  roles: (api, q, signal) =>
    api.playerRoles({ id: q.id, season: q.saison, signal }).then((r) =>
      // A former role key is shown by its current key, the API's beside it, where every answer is shaped
      // (src/mcp/canonical-forms.ts).
      whole(r, ({ data }) =>
        bestFirst(
          scoresRead(data).map((e) =>
            carryUnread({ role: e.role ?? null, score: e.score ?? null }, e, {
              role: 'role',
              score: 'score',
            }),
          ),
          'score',
          ROLES_SHOWN,
        ),
      ),
    ),
  strengths: (api, q, signal) =>
    api.playerStrengths({ id: q.id, season: q.saison, signal }).then((r) =>
      whole(r, ({ data }) => {
        const group = data.compared_with;
        // Each item keeps what its reading could not read (a value under a name nothing read): noted, not "–".
        const percentile = (s: (typeof data.strengths)[number]) => {
          const out = {
            statistic: s.statistic ?? null,
            value: s.value ?? null,
            percentile: s.percentile ?? null,
          };
          const marks = unreadMarks(s);
          return marks ? markUnread(out, marks) : out;
        };
        // A group with a part unread is not shown shorter ("44 of Ligue 1" for "44 wingers of Ligue 1").
        const unreadParts = group ? Object.keys(unreadMarks(group)?.fields ?? {}) : [];
        const section = {
          compared_with:
            group && unreadParts.length === 0
              ? [group.players, group.position, group.league && `of ${group.league}`]
                  .filter(Boolean)
                  .join(' ')
              : null,
          strengths: unreadWhy(data, 'strengths') ? null : data.strengths.map(percentile),
          weaknesses: unreadWhy(data, 'weaknesses') ? null : data.weaknesses.map(percentile),
        };
        if (unreadParts.length === 0) return section;
        const names = unreadParts.flatMap((part) => unreadMarks(group)?.names[part] ?? []);
        return markUnread(section, {
          kind: 'strengths',
          fields: { compared_with: 'name' },
          names: { compared_with: [...new Set(names)] },
        });
      }),
    ),
  market_value: (api, q, signal) =>
    api.playerMarketValue({ id: q.id, season: q.saison, signal }).then((r) =>
      whole(r, ({ data }) => {
        const out = {
          value_eur: data.value_eur ?? null,
          low_eur: data.range_low_eur ?? null,
          high_eur: data.range_high_eur ?? null,
          as_of: data.as_of ?? null,
        };
        // The value (and range, as of) the reading could not read stay unread: named, never "–".
        const marks = unreadMarks(data);
        if (!marks) return out;
        const own = {
          value_eur: 'value_eur',
          low_eur: 'range_low_eur',
          high_eur: 'range_high_eur',
          as_of: 'as_of',
        };
        const fields: Record<string, UnreadWhy> = {};
        const names: Record<string, readonly string[]> = {};
        for (const [field, read] of Object.entries(own)) {
          const why = marks.fields[read];
          if (why === undefined) continue;
          fields[field] = why;
          names[field] = marks.names[read] ?? [];
        }
        return Object.keys(fields).length > 0 ? markUnread(out, { kind: marks.kind, fields, names }) : out;
      }),
    ),
  projections: (api, q, signal) =>
    api.playerProjections({ id: q.id, season: q.saison, signal }).then((r) =>
      whole(r, ({ data }) =>
        bestFirst(
          data.map((p) =>
            carryUnread(
              {
                league: p.league ?? null,
                projected_score: p.projected_score ?? null,
                current_score: p.current_score ?? null,
                delta: p.delta ?? null,
              },
              p,
              {
                league: 'league',
                projected_score: 'projected_score',
                current_score: 'current_score',
                delta: 'delta',
              },
            ),
          ),
          'projected_score',
          PROJECTIONS_SHOWN,
        ),
      ),
    ),
  similar: (api, q, signal) =>
    api.playerSimilar({ id: q.id, season: q.saison, limit: q.similarLimit, signal }).then((r) => {
      publishReadNotes(r.shortfall.map((n) => `similar: ${n}`));
      return mapped(r, ({ data }) => ({
        section: data.slice(0, q.similarLimit).map((p) => ({
          ...toPlayerRowOut(p),
          similarity: p.similarity ?? null,
          performance_index: p.performance_index ?? null,
        })),
        readInPart: r.shortfall.length > 0,
      }));
    }),
};

/** Every asked section, in parallel through the gathering; a section that fails is left out. */
export async function fetchSections(
  gathering: Gathering,
  api: ApiClient,
  q: PlayerQuery,
  names: readonly SectionName[],
): Promise<SectionsRead> {
  const entries = await Promise.all(
    names.map(async (name) => {
      const fetcher = FETCHERS[name] as SectionFetcher<SectionName>;
      return [name, await gathering.optional(name, (signal) => fetcher(api, q, signal))] as const;
    }),
  );
  const read = entries.flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as const]));
  return {
    sections: Object.fromEntries(read.map(([name, value]) => [name, value.section])) as Sections,
    readInPart: new Set(read.filter(([, value]) => value.readInPart).map(([name]) => name)),
  };
}

/**
 * The roles, when their scores were read: "best roles" of scores not read would be no fact, so a list whose
 * scores are under a name nothing reads fails the section, said as such (the role rows are kept by the
 * reader: other answers show them).
 */
function scoresRead<T extends { score?: number | null }>(roles: readonly T[]): readonly T[] {
  const unread = roles.find((r) => r.score == null && unreadWhy(r, 'score') !== undefined);
  if (unread === undefined) return roles;
  const error = new BadResponseError(
    'the scores are under a name this server does not read, so the best roles are not known',
    "the player's roles",
  );
  error.lacking = { field: 'role.score', rows: roles.length, seen: unreadMarks(unread)?.names.score ?? [] };
  throw error;
}
