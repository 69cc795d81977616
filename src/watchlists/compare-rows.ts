// A compare answer's rows as snapshot entries: each tied to the person it is for, never by its place.
import type { z } from 'zod';
import type { Aliases } from '../api/reader/aliases.js';
import { unreadMarks } from '../api/reader/unread.js';
import type { ComparedPlayer, PlayerRecordResponse } from '../api/schemas.js';
import { besideLacking, besideValue } from '../facts/beside-numbers.js';
import { sameWords } from '../facts/resolve-match.js';
import type { Seen } from './refresh.js';

/** A player record as a snapshot entry. */
export function seenFromRecord(r: z.infer<typeof PlayerRecordResponse>['data']): Seen {
  return withUnread(r, {
    name: r.name,
    player_id: r.player_id,
    club: r.club ?? null,
    league: r.league ?? null,
    season: r.season ?? null,
    minutes: r.minutes ?? null,
    primary_role: r.primary_role ?? null,
    performance_index: r.performance_index ?? null,
    market_value_eur: r.market_value_eur ?? null,
  });
}

/** Fields drawn from the primary role: unread with it (no ranking is asked for a role not read). */
const FROM_ROLE = ['primary_role', 'rank', 'rank_of', 'role_score'] as const;
/** The snapshot's fields that a reading may leave unread. */
const SHOWN = ['club', 'league', 'season', 'minutes', 'performance_index', 'market_value_eur'] as const;

/**
 * `seen` with the fields its row left empty because they could not be read (the reader's marks: a name
 * nothing read could hold them), kept in the snapshot so that every report of it names them in its note
 * rather than show them as absent. `more`: fields the caller found unread by other evidence.
 */
function withUnread(row: object, seen: Seen, more: readonly string[] = []): Seen {
  const marks = unreadMarks(row)?.fields ?? {};
  const unread = new Set(more);
  for (const field of SHOWN) if (seen[field] == null && marks[field] !== undefined) unread.add(field);
  if (seen.primary_role == null && (marks.primary_role !== undefined || marks.roles !== undefined))
    for (const field of FROM_ROLE) unread.add(field);
  // The rank is asked of the league's ranking: with the league unread, so are the rank and its count.
  if (unread.has('league')) for (const field of ['rank', 'rank_of']) unread.add(field);
  return unread.size > 0 ? { ...seen, unread: [...unread] } : seen;
}

/**
 * Each person asked, the compare row that is theirs: by its service_id, else by the row id the resolve
 * answer gave them, else the one row without those ids that carries their name. Never by its place: the spec
 * does not say compare keeps the order asked, and a row taken at the same place could be another
 * person's, kept in the snapshot and diffed week after week. A row two persons would take (namesakes)
 * goes to neither.
 */
export function tieCompareRows(
  rows: readonly ComparedPlayer[],
  ids: readonly string[],
  who: (id: string) => { name: string | null; player_id: string | null },
): (ComparedPlayer | undefined)[] {
  const withoutId = rows.filter((r) => r.service_id == null);
  const picked = ids.map((id) => {
    const byId = rows.find((r) => r.service_id === id);
    if (byId) return byId;
    const { name, player_id } = who(id);
    const byRowId = player_id === null ? undefined : withoutId.find((r) => r.player_id === player_id);
    if (byRowId || name === null) return byRowId;
    // A row with another row id than theirs is another person's (or season's), whatever its name.
    const named = withoutId.filter(
      (r) => (r.player_id == null || player_id === null) && r.name != null && sameWords(r.name, name),
    );
    return named.length === 1 ? named[0] : undefined;
  });
  const takers = new Map<ComparedPlayer, number>();
  for (const row of picked) if (row) takers.set(row, (takers.get(row) ?? 0) + 1);
  return picked.map((row) => (row && takers.get(row) === 1 ? row : undefined));
}

export function seenFromCompare(row: ComparedPlayer, aliases?: Aliases): Seen {
  const stats = row.statistics ?? {};
  // Roles whose key and score were read; with one not read, the best-scored role is not known.
  const all = row.roles ?? [];
  const roles = all
    .flatMap((r) =>
      typeof r.role === 'string' && typeof r.score === 'number' ? [{ role: r.role, score: r.score }] : [],
    )
    .sort((a, b) => b.score - a.score);
  const rolesWhole = roles.length === all.length;
  // Compare gives these among the statistics, under the API's name: lacking under ours while the row holds
  // a number under a name nothing knows that could be one, it is unread, not absent.
  const lacking = besideLacking([stats], { aliases });
  const unread: string[] = SHOWN_BESIDE.filter((field) => lacking.has(field));
  if (!rolesWhole && row.primary_role == null) unread.push(...FROM_ROLE);
  return withUnread(
    row,
    {
      name: row.name,
      player_id: row.player_id,
      club: row.club ?? null,
      league: row.league ?? null,
      season: row.season ?? null,
      minutes: row.minutes ?? null,
      // The row's primary role when it gives one; else its best-scored role, which is the primary one in
      // the sandbox, not a rule of the spec.
      primary_role: row.primary_role ?? (rolesWhole ? roles[0]?.role : undefined) ?? null,
      performance_index: besideValue(stats, 'performance_index', aliases),
      market_value_eur: besideValue(stats, 'market_value_eur', aliases),
      roles: Object.fromEntries(roles.map((r) => [r.role, { score: r.score }])),
    },
    unread,
  );
}

/** The numbers beside a compare row's statistics that a snapshot keeps. */
const SHOWN_BESIDE = ['performance_index', 'market_value_eur'] as const;
