// What changed on a list between two snapshots, person by person: the week-to-week comparison.
import type { WatchlistSnapshot } from '../store/watchlists.js';
import type { RefreshEntry, Seen } from './refresh.js';

export type RowStatus = 'changed' | 'unchanged' | 'new' | 'pending' | 'not_found';

export interface ReportRow {
  service_id: string | null;
  /** The current row (a pending entry's row id). */
  player_id: string | null;
  name: string | null;
  status: RowStatus;
  /** Short words for what moved: transfer, new season row, new row, linked, role, rank, minutes, value. */
  changes: string[];
  club: string | null;
  league: string | null;
  season: string | null;
  /** The club and league before a transfer. */
  from: { club: string | null; league: string | null } | null;
  minutes: number | null;
  /** Minutes played since the last snapshot, on the same row; null on a new row. */
  minutes_delta: number | null;
  primary_role: string | null;
  previous_role: string | null;
  /** Rank among the league's players for the primary role (1 = best); null when not on the ranking's page. */
  rank: number | null;
  /** Players ranked in that league and role (null when the API does not say). */
  rank_of: number | null;
  /** Entries the ranking's page held: with rank null, he is outside them, or unranked when they are all. */
  rank_listed: number | null;
  /** Places gained since the last snapshot (same role and league); negative = lost. */
  rank_change: number | null;
  /** The primary role's own score (the compare answer's), null when the answer gave none. */
  role_score: number | null;
  /** That score's change since the last snapshot, for the same primary role. */
  role_score_change: number | null;
  /** Minutes unchanged on the same row while the API's data moved on a date: he did not play. */
  did_not_play: boolean;
  performance_index: number | null;
  market_value_eur: number | null;
  value_change_eur: number | null;
  value_change_pct: number | null;
  /** Fields the snapshot could not read (Seen.unread): the report names them instead of showing none. */
  unread?: readonly string[];
}

const BLANK = {
  club: null,
  league: null,
  season: null,
  from: null,
  minutes: null,
  minutes_delta: null,
  primary_role: null,
  previous_role: null,
  rank: null,
  rank_of: null,
  rank_listed: null,
  rank_change: null,
  role_score: null,
  role_score_change: null,
  did_not_play: false,
  performance_index: null,
  market_value_eur: null,
  value_change_eur: null,
  value_change_pct: null,
} as const;

export interface ReportInput {
  entries: readonly RefreshEntry[];
  current: WatchlistSnapshot;
  previous: WatchlistSnapshot | undefined;
  /** Persons linked by this refresh. */
  linked: ReadonlySet<string>;
  /** Entries the API no longer finds (service_id or pending row id). */
  missing: ReadonlySet<string>;
  /**
   * A role key as its current key: a key the API renamed between two snapshots is the same role, not a
   * move (the answer shows both under the current key). Keys as stored when not given.
   */
  roleKey?: (key: string) => string;
}

/** A date the API gave (data_as_of), as a time; null when it is absent or not a date. */
function dateOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** The current snapshot's data is dated after the previous one's (both dates read). */
export function newerData(current: WatchlistSnapshot, previous: WatchlistSnapshot | undefined): boolean {
  const now = dateOf(current.data_as_of);
  const before = dateOf(previous?.data_as_of);
  return now !== null && before !== null && now > before;
}

/**
 * Why `current` cannot be compared with `previous`: its data is dated before theirs (an API serving an
 * older week), so every change would run backwards (minutes going down). Undefined when it can.
 */
export function outOfOrder(
  current: { data_as_of: string | null },
  previous: WatchlistSnapshot | undefined,
): string | undefined {
  const now = dateOf(current.data_as_of);
  const before = dateOf(previous?.data_as_of);
  if (now === null || before === null || now >= before || !previous) return undefined;
  return (
    `the API's data is as of ${current.data_as_of}, older than that of the last snapshot ` +
    `(${previous.data_as_of}, taken ${previous.taken_at}): compared, the weeks would run backwards ` +
    '(minutes going down, old values shown as new)'
  );
}

/** One row per entry, largest movers first (transfers, new rows, links, then rank and value moves). */
export function compareSnapshots({
  entries,
  current,
  previous,
  linked,
  missing,
  roleKey = (key) => key,
}: ReportInput): ReportRow[] {
  const moved = newerData(current, previous);
  const rowOf = (entry: RefreshEntry): ReportRow => {
    const id = entry.service_id;
    if (!id || missing.has(id)) {
      const rowId = entry.pending?.player_id ?? null;
      return {
        service_id: id,
        player_id: rowId,
        name: entry.name ?? entry.pending?.name ?? null,
        status: id && missing.has(id) ? 'not_found' : rowId && missing.has(rowId) ? 'not_found' : 'pending',
        changes: [],
        ...BLANK,
      };
    }
    const now = current.players[id] as Seen | undefined;
    const before = previous?.players[id] as Seen | undefined;
    if (!now) {
      return {
        service_id: id,
        player_id: null,
        name: entry.name ?? null,
        status: 'new',
        changes: ['not in the snapshot yet'],
        ...BLANK,
      };
    }
    return diffPerson(id, now, before, { linked: linked.has(id), newer: moved, roleKey }, entry.name);
  };
  const rows = entries.map((entry) => nameUnreadKept(rowOf(entry), entry));
  return rows.sort((a, b) => movement(b) - movement(a));
}

/** A row without a name whose entry's name could not be read: named unread, never absent. */
function nameUnreadKept(row: ReportRow, entry: RefreshEntry): ReportRow {
  if (row.name !== null || !entry.name_unread || row.unread?.includes('name')) return row;
  return { ...row, unread: [...(row.unread ?? []), 'name'] };
}

function diffPerson(
  id: string,
  now: Seen,
  before: Seen | undefined,
  { linked, newer, roleKey }: { linked: boolean; newer: boolean; roleKey: (key: string) => string },
  listed?: string,
): ReportRow {
  const row = currentRow(id, now, listed);
  if (linked) row.changes.push('linked');
  if (!before) {
    row.status = 'new';
    row.changes.push('first snapshot');
    return row;
  }
  rowMoved(row, now, before);
  minutesMoved(row, now, before, newer);
  roleMoved(row, now, before, roleKey);
  valueMoved(row, now, before);
  if (row.changes.length === 0) row.status = 'unchanged';
  return row;
}

/** The primary role's own score in a snapshot entry; null when the answer gave none. */
function scoreOf(seen: Seen): number | null {
  const score = seen.primary_role ? seen.roles?.[seen.primary_role]?.score : undefined;
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
}

/** The person as the current snapshot has him, nothing compared yet. */
function currentRow(id: string, now: Seen, listed: string | undefined): ReportRow {
  const rank = now.rank ?? null;
  return {
    service_id: id,
    player_id: now.player_id ?? null,
    name: now.name ?? listed ?? null,
    status: 'changed',
    changes: [],
    club: now.club ?? null,
    league: now.league ?? null,
    season: now.season ?? null,
    from: null,
    minutes: now.minutes ?? null,
    minutes_delta: null,
    primary_role: now.primary_role ?? null,
    previous_role: null,
    rank: rank?.rank ?? null,
    rank_of: rank?.of ?? null,
    rank_listed: rank?.listed ?? null,
    rank_change: null,
    role_score: scoreOf(now),
    role_score_change: null,
    did_not_play: false,
    performance_index: now.performance_index ?? null,
    market_value_eur: now.market_value_eur ?? null,
    value_change_eur: null,
    value_change_pct: null,
    ...(now.unread && now.unread.length > 0 ? { unread: now.unread } : {}),
  };
}

/** A transfer, or a new (season's) row at the same club. */
function rowMoved(row: ReportRow, now: Seen, before: Seen): void {
  const moved =
    (before.club != null && now.club != null && before.club !== now.club) ||
    (before.league != null && now.league != null && before.league !== now.league);
  if (moved) {
    row.from = { club: before.club ?? null, league: before.league ?? null };
    row.changes.push('transfer');
  }
  const sameRow = before.player_id != null && before.player_id === now.player_id;
  if (!sameRow && before.player_id != null && now.player_id != null && !moved) {
    row.changes.push(before.season !== now.season ? 'new season row' : 'new row');
  }
}

/** Minutes played on the same row, or none while the data moved on (he did not play). */
function minutesMoved(row: ReportRow, now: Seen, before: Seen, newer: boolean): void {
  const sameRow = before.player_id != null && before.player_id === now.player_id;
  if ((sameRow || before.player_id == null) && before.minutes != null && now.minutes != null) {
    row.minutes_delta = now.minutes - before.minutes;
    if (row.minutes_delta !== 0) row.changes.push('minutes');
    else if (newer) {
      row.did_not_play = true;
      row.changes.push('did not play');
    }
  }
}

/** Another primary role; places and score moved in the same role (and league, for the rank). */
function roleMoved(row: ReportRow, now: Seen, before: Seen, roleKey: (key: string) => string): void {
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    a === b || (a != null && b != null && roleKey(a) === roleKey(b));
  if (before.primary_role && now.primary_role && !same(before.primary_role, now.primary_role)) {
    row.previous_role = before.primary_role;
    row.changes.push('role');
  }
  const rank = now.rank ?? null;
  const was = before.rank ?? null;
  if (rank && was && same(was.role, rank.role) && was.league === rank.league) {
    if (was.rank !== null && rank.rank !== null) row.rank_change = was.rank - rank.rank;
    if (was.rank !== rank.rank) row.changes.push('rank');
  }
  const score = row.role_score;
  const previousScore = scoreOf(before);
  if (score !== null && previousScore !== null && same(before.primary_role, now.primary_role)) {
    row.role_score_change = difference(score, previousScore);
    if (row.role_score_change !== 0) row.changes.push('role score');
  }
}

/** The market value's change, in euros and as a share. */
function valueMoved(row: ReportRow, now: Seen, before: Seen): void {
  const value = now.market_value_eur;
  const previousValue = before.market_value_eur;
  if (value != null && previousValue != null) {
    row.value_change_eur = value - previousValue;
    row.value_change_pct = valueChangePct(value, row.value_change_eur);
    if (value !== previousValue) row.changes.push('value');
  }
}

/**
 * A market value's change as a share of the value before it, from the value now and its change in euros
 * (null from zero). Kept to 6 decimals (float noise aside): the text shows as many as tell the changes apart.
 */
export function valueChangePct(value: number, change: number): number | null {
  const previous = value - change;
  return previous === 0 ? null : Math.round((change / previous) * 1e8) / 1e6;
}

/** a − b without float noise (70.6 − 70.4 is 0.2, not 0.19999999999998863): to the decimals they are given in. */
function difference(a: number, b: number): number {
  const decimals = (v: number) => (String(v).split('.')[1] ?? '').length;
  const places = Math.min(Math.max(decimals(a), decimals(b)), 12);
  return Number((a - b).toFixed(places));
}

/** How far a person moved, to sort the report: events first, then places (as a share) and value. */
export function movement(row: ReportRow): number {
  const events = { transfer: 1000, 'new season row': 500, 'new row': 400, linked: 300, role: 200 };
  let score = row.changes.reduce((sum, c) => sum + (events[c as keyof typeof events] ?? 0), 0);
  if (row.rank_change !== null) {
    score += row.rank_of ? (Math.abs(row.rank_change) / row.rank_of) * 100 : Math.abs(row.rank_change);
  }
  if (row.value_change_pct !== null) score += Math.abs(row.value_change_pct);
  return score;
}
