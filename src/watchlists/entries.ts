// A list's entries: how one is told from another, named, and asked for.
import type { ResolveQuery } from '../facts/resolve-match.js';
import type { WatchlistEntry } from '../store/watchlists.js';

/** The longest name (or removal) an entry is kept or found by. */
export const NAME_MAX = 200;

/** What identifies an entry within its list: the person, or the row of a pending one. */
export const keyOf = (e: WatchlistEntry) => e.service_id ?? `row:${e.pending?.player_id ?? ''}`;

/** An entry as a change names it: its name, else its pending row's, else its key. */
export const entryLabel = (e: WatchlistEntry) => e.name ?? e.pending?.name ?? keyOf(e);

/**
 * Entries as a change lists them: by label, and apart (by service_id or row id) those whose name could
 * not be read, never under their id as if it were their name.
 */
export function labelsOf(entries: readonly WatchlistEntry[]): { named: string[]; unnamed: string[] } {
  const unread = (e: WatchlistEntry) => e.name_unread === true && !e.name;
  return {
    named: entries.filter((e) => !unread(e)).map(entryLabel),
    unnamed: entries.filter(unread).map(keyOf),
  };
}

/** A player to add, as asked: by row id (and the name he is known by), or by name (and club). */
export interface PlayerToAdd {
  player_id?: string | undefined;
  name?: string | undefined;
  club?: string | undefined;
}

/** The players to add as resolve queries, each asked once. */
export function uniqueQueries(add: readonly PlayerToAdd[]): ResolveQuery[] {
  const seen = new Set<string>();
  const out: ResolveQuery[] = [];
  for (const p of add) {
    const query: ResolveQuery =
      p.player_id !== undefined
        ? { player_id: p.player_id.trim(), known_as: p.name?.trim() }
        : { name: (p.name ?? '').trim(), club: p.club?.trim() };
    const key = JSON.stringify(query);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(query);
  }
  return out;
}
