// The watchlist tools' upstream side: resolving players to persons, refreshing every person of a list on
// the batch routes, and comparing a snapshot with the one before it. The store never sees the upstream:
// everything here is fetched before a change is handed to the store (see WatchlistChange).

import { COMPARE_BATCH, RESOLVE_BATCH } from '../../src/api/endpoints.js';
import { DEFAULT_ALIASES } from '../../src/api/reader/aliases.js';
import { toNumber } from '../../src/api/reader/values.js';
import type { ComparedPlayer } from '../../src/api/schemas.js';
import type { ToolContext } from '../../src/mcp/context.js';
import { chunks, type RefreshPlan } from '../../src/mcp/watchlists.js';
import type { SnapshotPlayer, WatchlistSnapshot } from '../../src/store/watchlists.js';
import { type Cost, Gathering } from './gather.js';
import { formatNumber, formatSigned, numberFormat } from './numbers.js';
import { PAGE_SIZE } from './pages.js';
import { type ResolveQuery, resolveBatch, strayNote } from './resolve.js';
import { sameWords } from './resolve-match.js';
import { eurosFormat } from './text.js';

/** What a snapshot keeps of a person (the store's SnapshotPlayer, with the rank this report adds). */
export interface Seen extends SnapshotPlayer {
  name?: string | null;
  /**
   * Rank among the league's players for his primary role (GET /v1/rankings, its first page); null when he
   * is not on it. `of`: players ranked (when the API says); `listed`: entries the page held.
   */
  rank?: { role: string; league: string; rank: number | null; of: number | null; listed?: number } | null;
}

export interface Refreshed {
  /** By service_id, in the order of the list. */
  players: Record<string, Seen>;
  /** Pending row id → the person it is now linked to. */
  links: Record<string, { service_id: string; name: string | null }>;
  /** Entries the API no longer finds (service_id, or row id of a pending entry). */
  missing: string[];
  /** Row ids still not linked to a person. */
  pending: string[];
  data_as_of: string | null;
  cost: Cost;
  notes: string[];
}

/**
 * Refreshes every person of a list: resolve-batch (links pending rows, drops persons the API no longer
 * finds), compare in balanced chunks of 10 (the record when one person is followed), one record for the
 * data's date, then one ranking per league and primary role. Nothing is stored here.
 */
export async function refreshPlayers(
  entries: readonly {
    service_id: string | null;
    pending?: { player_id: string; name: string };
    name?: string;
  }[],
  plan: RefreshPlan,
  ctx: ToolContext,
): Promise<Refreshed> {
  const { api } = ctx;
  const gathering = new Gathering(plan.total, ctx);
  // A pending row id may be last season's, answered with this season's row and no echo: its name ties it.
  const queries = entries.map(
    (e): ResolveQuery =>
      e.service_id || !e.pending
        ? { player_id: e.service_id ?? '' }
        : { player_id: e.pending.player_id, known_as: e.pending.name },
  );
  const batches = await Promise.all(
    chunks(queries, RESOLVE_BATCH).map((chunk) =>
      gathering.required('resolve-batch', (signal) => resolveBatch(api, chunk, signal)),
    ),
  );
  const resolved = batches.flatMap((b) => b.rows);

  const persons = new Map<string, string | null>();
  /** The row id the resolve answer gave each person: tells namesakes' compare rows apart. */
  const rowIds = new Map<string, string | null>();
  const links: Refreshed['links'] = {};
  const missing: string[] = [];
  const pending: string[] = [];
  // Entries no row was tied to: never given another entry's row, and said in the notes.
  const unansweredPending: string[] = [];
  const unansweredLinked: string[] = [];
  entries.forEach((entry, i) => {
    const row = resolved[i];
    const found = row?.status === 'resolved' && row.service_id ? row.service_id : null;
    if (found) rowIds.set(found, row?.player_id ?? null);
    if (entry.service_id) {
      if (found) persons.set(entry.service_id, row?.name ?? null);
      else missing.push(entry.service_id);
      if (!row) unansweredLinked.push(`${entry.service_id} (${entry.name ?? 'unnamed'})`);
    } else if (entry.pending) {
      const { player_id, name } = entry.pending;
      if (found) {
        links[player_id] = { service_id: found, name: row?.name ?? name };
        persons.set(found, row?.name ?? name);
      } else if (!row || row.status === 'unlinked') pending.push(player_id);
      else missing.push(player_id);
      if (!row) unansweredPending.push(`"${player_id}" (${name}, not linked yet)`);
    }
  });
  const notes: string[] = [];
  if (unansweredPending.length > 0) {
    notes.push(
      `resolve-batch: no row of the API's answer is for ${unansweredPending.join(', ')}: left pending.`,
    );
  }
  if (unansweredLinked.length > 0) {
    notes.push(
      `resolve-batch: no row of the API's answer is for ${unansweredLinked.join(', ')}: shown as not found this time, still on the list.`,
    );
  }
  const stray = strayNote(batches.flatMap((b) => b.stray));
  if (stray) notes.push(stray);

  const people = [...persons.keys()];
  const seen = new Map<string, Seen>();
  let dataAsOf: string | null = null;
  const record = (id: string) => gathering.optional('player record', (signal) => api.player({ id, signal }));
  if (people.length === 1) {
    const id = people[0] as string;
    const found = await gathering.required('player record', (signal) => api.player({ id, signal }));
    const r = found.data;
    dataAsOf = r.data_as_of ?? null;
    seen.set(id, {
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
  } else if (people.length > 1) {
    const [rows, dated] = await Promise.all([
      Promise.all(
        chunks(people, COMPARE_BATCH).map(async (chunk) => {
          const body = await gathering.required('compare', (signal) => api.compare({ ids: chunk, signal }));
          const tied = tieCompareRows(body.data, chunk, (id) => ({
            name: persons.get(id) ?? null,
            player_id: rowIds.get(id) ?? null,
          }));
          return chunk.map((id, i) => [id, tied[i]] as const);
        }),
      ),
      record(people[0] as string),
    ]);
    dataAsOf = dated?.data.data_as_of ?? null;
    const untied: string[] = [];
    for (const [id, row] of rows.flat()) {
      if (row) seen.set(id, seenFromCompare(row));
      else untied.push(`${id} (${persons.get(id) ?? 'unnamed'})`);
    }
    if (untied.length > 0) {
      notes.push(
        `compare: no row of the API's answer is for ${untied.join(', ')} (none carried its service_id or row id, nor alone its name): not in this snapshot.`,
      );
    }
  }

  // One ranking per league and primary role, most followed first, as far as the quota goes.
  const pairs = new Map<string, { league: string; role: string; players: string[] }>();
  for (const [id, s] of seen) {
    if (!s.league || !s.primary_role) continue;
    const key = `${s.league}\n${s.primary_role}`;
    const pair = pairs.get(key) ?? { league: s.league, role: s.primary_role, players: [] };
    pair.players.push(id);
    pairs.set(key, pair);
  }
  let ranked = [...pairs.values()].sort((a, b) => b.players.length - a.players.length);
  const quota = api.quota.current();
  if (!quota.unlimited && quota.remaining !== null && quota.remaining < ranked.length) {
    notes.push(
      `Ranks not refreshed for ${ranked.length - quota.remaining} league/role pair(s): only ${quota.remaining} requests were left.`,
    );
    ranked = ranked.slice(0, quota.remaining);
  }
  await Promise.all(
    ranked.map(async ({ league, role, players }) => {
      const ranking = await gathering.optional(`ranking ${role} in ${league}`, (signal) =>
        api.rankings({ role, league, limit: PAGE_SIZE.rankings, signal }),
      );
      if (!ranking) return;
      const of = ranking.meta?.eligible ?? null;
      for (const id of players) {
        const s = seen.get(id);
        if (!s) continue;
        const entry = ranking.data.find(
          (e) => e.service_id === id || (s.player_id != null && e.player_id === s.player_id),
        );
        s.rank = { role, league, rank: entry?.rank ?? null, of, listed: ranking.data.length };
      }
    }),
  );
  notes.push(...gathering.failures.map((f) => `${f.section} unavailable: ${f.error}`));

  const players: Record<string, Seen> = {};
  for (const id of people) {
    const s = seen.get(id);
    if (s) players[id] = { ...s, name: s.name ?? persons.get(id) ?? null };
  }
  return { players, links, missing, pending, data_as_of: dataAsOf, cost: gathering.cost(), notes };
}

/**
 * Each person asked, the compare row that is theirs: by its service_id, else by the row id the resolve
 * answer gave them, else the one row without those ids that carries their name. Never by its place: the spec
 * does not say compare keeps the order asked, and a row taken at the same place could be another
 * person's, kept in the snapshot and diffed week after week. A row two persons would take (namesakes)
 * goes to neither.
 */
function tieCompareRows(
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

function seenFromCompare(row: ComparedPlayer): Seen {
  const stats = row.statistics ?? {};
  const roles = [...(row.roles ?? [])].sort((a, b) => b.score - a.score);
  return {
    name: row.name,
    player_id: row.player_id,
    club: row.club ?? null,
    league: row.league ?? null,
    season: row.season ?? null,
    minutes: row.minutes ?? null,
    // The row's primary role when it gives one; else its best-scored role, which is the primary one in
    // the sandbox, not a rule of the spec.
    primary_role: row.primary_role ?? roles[0]?.role ?? null,
    performance_index: statistic(stats, 'performance_index'),
    market_value_eur: statistic(stats, 'market_value_eur'),
    roles: Object.fromEntries(roles.map((r) => [r.role, { score: r.score }])),
  };
}

/** A number compare gives beside the statistics (the reader keeps unknown numbers in the map). */
function statistic(stats: Record<string, unknown>, field: string): number | null {
  for (const name of [field, ...(DEFAULT_ALIASES[field] ?? [])]) {
    const value = toNumber(stats[name]);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// What changed between two snapshots.

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
  entries: readonly {
    service_id: string | null;
    pending?: { player_id: string; name: string };
    name?: string;
  }[];
  current: WatchlistSnapshot;
  previous: WatchlistSnapshot | undefined;
  /** Persons linked by this refresh. */
  linked: ReadonlySet<string>;
  /** Entries the API no longer finds (service_id or pending row id). */
  missing: ReadonlySet<string>;
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
export function compareSnapshots({ entries, current, previous, linked, missing }: ReportInput): ReportRow[] {
  const moved = newerData(current, previous);
  const rows: ReportRow[] = entries.map((entry) => {
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
    return diffPerson(id, now, before, { linked: linked.has(id), newer: moved }, entry.name);
  });
  return rows.sort((a, b) => movement(b) - movement(a));
}

function diffPerson(
  id: string,
  now: Seen,
  before: Seen | undefined,
  { linked, newer }: { linked: boolean; newer: boolean },
  listed?: string,
): ReportRow {
  const rank = now.rank ?? null;
  const scoreOf = (seen: Seen) => {
    const score = seen.primary_role ? seen.roles?.[seen.primary_role]?.score : undefined;
    return typeof score === 'number' && Number.isFinite(score) ? score : null;
  };
  const row: ReportRow = {
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
  };
  if (linked) row.changes.push('linked');
  if (!before) {
    row.status = 'new';
    row.changes.push('first snapshot');
    return row;
  }
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
  if ((sameRow || before.player_id == null) && before.minutes != null && now.minutes != null) {
    row.minutes_delta = now.minutes - before.minutes;
    if (row.minutes_delta !== 0) row.changes.push('minutes');
    else if (newer) {
      row.did_not_play = true;
      row.changes.push('did not play');
    }
  }
  if (before.primary_role && now.primary_role && before.primary_role !== now.primary_role) {
    row.previous_role = before.primary_role;
    row.changes.push('role');
  }
  const was = before.rank ?? null;
  if (rank && was && was.role === rank.role && was.league === rank.league) {
    if (was.rank !== null && rank.rank !== null) row.rank_change = was.rank - rank.rank;
    if (was.rank !== rank.rank) row.changes.push('rank');
  }
  const score = row.role_score;
  const previousScore = scoreOf(before);
  if (score !== null && previousScore !== null && before.primary_role === now.primary_role) {
    row.role_score_change = difference(score, previousScore);
    if (row.role_score_change !== 0) row.changes.push('role score');
  }
  const value = now.market_value_eur;
  const previousValue = before.market_value_eur;
  if (value != null && previousValue != null) {
    row.value_change_eur = value - previousValue;
    // Kept to 6 decimals (float noise aside): the text shows as many as tell the changes apart.
    row.value_change_pct =
      previousValue === 0 ? null : Math.round(((value - previousValue) / previousValue) * 1e8) / 1e6;
    if (value !== previousValue) row.changes.push('value');
  }
  if (row.changes.length === 0) row.status = 'unchanged';
  return row;
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

// ---------------------------------------------------------------------------------------------------
// Text.

export function personLabel(row: {
  name: string | null;
  service_id: string | null;
  player_id: string | null;
}) {
  if (row.service_id) return `${row.name ?? 'unnamed'} (${row.service_id})`;
  return `${row.name ?? 'unnamed'} (row ${row.player_id ?? '?'}, not linked yet)`;
}

export function clubCell(row: ReportRow): string {
  const here = `${row.club ?? '–'}${row.league ? ` (${row.league})` : ''}`;
  if (!row.from) return here;
  return `${row.from.club ?? '–'}${row.from.league && row.from.league !== row.league ? ` (${row.from.league})` : ''} → ${here}`;
}

export function minutesCell(row: ReportRow): string {
  if (row.minutes === null) return '–';
  if (row.minutes_delta !== null && row.minutes_delta !== 0)
    return `${formatNumber(row.minutes)} (${formatSigned(row.minutes_delta)})`;
  if (row.did_not_play) return `${formatNumber(row.minutes)} (did not play)`;
  if (row.changes.some((c) => c === 'transfer' || c.endsWith('row'))) return `${row.minutes} (new row)`;
  return String(row.minutes);
}

/**
 * The primary role's cells: the role, its rank (and places moved) and its own score (and its change),
 * the scores and their changes each in one format for the whole report.
 */
export function rankCells(rows: readonly ReportRow[]): (row: ReportRow) => string {
  const score = numberFormat(rows.map((r) => r.role_score));
  const change = numberFormat(rows.map((r) => r.role_score_change));
  return (row) => {
    const rank = rankCell(row);
    if (!row.primary_role || row.role_score === null) return rank;
    const moved =
      row.role_score_change === null || row.role_score_change === 0
        ? ''
        : ` (${formatSigned(row.role_score_change, change)})`;
    return `${rank}, score ${score(row.role_score)}${moved}`;
  };
}

export function rankCell(row: ReportRow): string {
  if (!row.primary_role) return '–';
  const unranked = row.rank_of !== null && row.rank_listed !== null && row.rank_listed >= row.rank_of;
  const place =
    row.rank !== null
      ? `${row.rank}${row.rank_of ? `/${row.rank_of}` : ''}`
      : unranked
        ? 'not ranked (too few minutes)'
        : `outside top ${row.rank_listed ?? '–'}`;
  const was = row.previous_role
    ? ` (was ${row.previous_role})`
    : row.rank_change
      ? ` (${row.rank_change > 0 ? '↑' : '↓'}${Math.abs(row.rank_change)})`
      : '';
  return `${row.primary_role} ${place}${was}`;
}

/** The value column's cells: values, changes and percentages each in one format for the whole report. */
export function valueCells(rows: readonly ReportRow[]): (row: ReportRow) => string {
  const value = eurosFormat(rows.map((r) => r.market_value_eur));
  const change = eurosFormat(rows.map((r) => r.value_change_eur));
  const pct = numberFormat(rows.map((r) => r.value_change_pct));
  return (row) => {
    if (row.market_value_eur === null) return '–';
    if (row.value_change_eur === null || row.value_change_eur === 0) return value(row.market_value_eur);
    const share =
      row.value_change_pct === null ? '' : `, ${formatSigned(row.value_change_pct, (v) => `${pct(v)}%`)}`;
    return `${value(row.market_value_eur)} (${formatSigned(row.value_change_eur, change)}${share})`;
  };
}
