import { z } from 'zod';
import type { Source } from '../src/api/client.js';
import { RESOLVE_BATCH } from '../src/api/endpoints.js';
import type { ResolvedPlayer } from '../src/api/schemas.js';
import { fold } from '../src/lib/fold.js';
import { SERVICE_ID_EXAMPLE } from '../src/mcp/args.js';
import { RefusedError } from '../src/mcp/result.js';
import { defineTool } from '../src/mcp/tool.js';
import { watchlistAccess } from '../src/mcp/watchlists.js';
import {
  checkProjectedSize,
  newWatchlist,
  WATCHLIST_NOTE_MAX,
  type WatchlistDoc,
  type WatchlistEntry,
  WatchlistError,
  watchlistName,
} from '../src/store/watchlists.js';
import { queryLabel, type ResolveQuery, resolveBatch, rowLabel, strayNote } from './kit/resolve.js';
import { BY_ID_OR_NAME, PlayerQueryFields } from './kit/shapes.js';
import { table } from './kit/text.js';
import { personLabel } from './kit/watchlist.js';

const NAME_MAX = 200;

const Player = z.object(PlayerQueryFields).refine(...BY_ID_OR_NAME);

const Listed = z.object({
  service_id: z.string().nullable(),
  player_id: z.string().nullable().describe('Row id of a pending entry (not linked to a person yet).'),
  name: z.string().nullable(),
  status: z.enum(['linked', 'pending']),
  added_at: z.string(),
});

/** What identifies an entry within its list: the person, or the row of a pending one. */
const keyOf = (e: WatchlistEntry) => e.service_id ?? `row:${e.pending?.player_id ?? ''}`;

export default defineTool({
  name: 'update_watchlist',
  title: 'Add to, remove from or delete a watchlist',
  toolset: 'players',
  description:
    'Keeps a named shortlist of players for this API key (created on first add), to follow with watchlist_report. Each player is stored as ' +
    'his person (service_id); a row not linked yet is kept pending and linked later. Adds cost 1 request unless cached; a refused change ' +
    '(unknown or ambiguous player, over the limit) stores nothing. Returns the list.',
  input: {
    watchlist: z.string().max(200).describe('e.g. "Left backs U23" (1-60 characters, case ignored).'),
    add: z.array(Player).max(RESOLVE_BATCH).optional(),
    remove: z
      .array(
        z
          .string()
          .min(1)
          .max(NAME_MAX)
          .meta({ examples: [SERVICE_ID_EXAMPLE] }),
      )
      .max(200)
      .optional()
      .describe('service_ids, pending row ids or names.'),
    note: z
      .string()
      .max(WATCHLIST_NOTE_MAX)
      .meta({ examples: ['Watch in January'] })
      .optional()
      .describe('"" clears it.'),
    delete: z.boolean().optional().describe('true: delete the list and its snapshots (given alone).'),
  },
  output: z.object({
    watchlist: z.string(),
    note: z.string().nullable(),
    players: z.array(Listed),
    added: z.array(z.string()),
    removed: z.array(z.string()),
    deleted: z.boolean().describe('The whole list was deleted (delete: true).'),
  }),
  // Removing is destructive (the default when not read-only); adding the same players twice is not.
  hints: { readOnlyHint: false, idempotentHint: true },
  async run({ watchlist, add = [], remove = [], note, delete: deleting = false }, ctx) {
    const { store, owner } = watchlistAccess(ctx);
    const name = watchlistName(watchlist);
    if (deleting && (add.length > 0 || remove.length > 0 || note !== undefined)) {
      throw new RefusedError(
        'delete: true deletes the whole list: give it alone, without add, remove or note. Nothing was changed.',
      );
    }
    const current = await store.get(owner, name).catch((error: unknown) => {
      // A damaged list can only be deleted: delete goes on without reading it.
      if (deleting && error instanceof WatchlistError && error.code === 'damaged') return 'damaged' as const;
      throw error;
    });
    if (current === 'damaged') {
      const removed = await store.delete(owner, name);
      return {
        data: { watchlist: name, note: null, players: [], added: [], removed: [], deleted: removed },
        quota: ctx.api.quota.current(),
        source: { cached: true, fetched_at: new Date().toISOString() },
        notes: [
          removed
            ? `"${name}" was damaged (unreadable): deleted, with whatever players and snapshots it held.`
            : `"${name}" was damaged, and was deleted meanwhile by another call.`,
        ],
      };
    }
    const entries = current?.entries ?? [];
    if (!current && (deleting || (add.length === 0 && note === undefined))) {
      const names = (await store.list(owner)).map((d) => `"${d.name}"`);
      throw new RefusedError(
        `No watchlist "${name}" for this API key${names.length > 0 ? ` (it has ${names.join(', ')})` : ''}.${deleting ? ' Nothing to delete.' : ' Add players to create it.'}`,
      );
    }
    if (deleting && current) {
      // Gone meanwhile (another call deleted it) is the same outcome: the list is no more.
      await store.delete(owner, name);
      return {
        data: {
          watchlist: current.name,
          note: current.note,
          players: [],
          added: [],
          removed: current.entries.map((e) => e.name ?? e.pending?.name ?? keyOf(e)),
          deleted: true,
        },
        quota: ctx.api.quota.current(),
        source: { cached: true, fetched_at: new Date().toISOString() },
        notes: [],
      };
    }

    // Removals are found in the list as it is: by person, pending row, or name as listed.
    const removing = new Set<string>();
    const absent: string[] = [];
    for (const given of remove) {
      const folded = fold(given);
      const matches = entries.filter(
        (e) =>
          e.service_id === given.trim() ||
          e.pending?.player_id === given.trim() ||
          (folded !== '' && fold(e.name ?? e.pending?.name ?? '') === folded),
      );
      if (matches.length > 1) {
        throw new RefusedError(
          `"${given}" names ${matches.length} players of "${current?.name ?? name}": remove them by service_id (${matches.map((e) => e.service_id ?? e.pending?.player_id).join(', ')}). Nothing was changed.`,
        );
      }
      const [match] = matches;
      if (match) removing.add(keyOf(match));
      else absent.push(given);
    }

    // The limits are checked before any request: a refused change costs no quota.
    const known = new Set(entries.flatMap((e) => [e.service_id, e.pending?.player_id]).filter(Boolean));
    const wanted = uniqueQueries(add).filter((q) => !('player_id' in q && known.has(q.player_id)));
    const size = entries.length - removing.size + wanted.length;
    if (size > store.limits.maxPlayers) {
      throw new WatchlistError(
        'too_many_players',
        `watchlist "${current?.name ?? name}" would hold ${size} players; at most ${store.limits.maxPlayers} (FOOTBALL_MCP_WATCHLIST_MAX_PLAYERS)`,
      );
    }
    if (!current && (await store.list(owner)).length >= store.limits.maxWatchlists) {
      throw new WatchlistError(
        'too_many_watchlists',
        `at most ${store.limits.maxWatchlists} watchlists per API key (FOOTBALL_MCP_WATCHLIST_MAX): delete one with delete: true first`,
      );
    }
    if (current && wanted.length > 0) {
      checkProjectedSize(
        current,
        store.limits,
        { entries: wanted.length - removing.size },
        'with these players',
      );
    }

    let source: Source = { cached: true, fetched_at: new Date().toISOString() };
    let strayRows: string | undefined;
    const resolved: { query: ResolveQuery; row: ResolvedPlayer }[] = [];
    if (wanted.length > 0) {
      const result = await resolveBatch(ctx.api, wanted, ctx.signal);
      source = result.source;
      const problems: string[] = [];
      const { rows, stray } = result.data;
      wanted.forEach((query, i) => {
        const row = rows[i];
        const asked = queryLabel(query);
        if (!row) {
          problems.push(
            `${asked} has no row in the API's answer: unknown to it, or answered by a row that carries no id or name asked`,
          );
        } else if (row.status === 'ambiguous') {
          const candidates = (row.candidates ?? [])
            .map((c) => `${c.name ?? '?'} (${c.club ?? '?'}, ${c.service_id ?? `row ${c.player_id}`})`)
            .join('; ');
          problems.push(
            `${asked} matches several players: ${candidates || 'no candidates given'}; add one by its service_id, or give the club`,
          );
        } else if (row.status === 'resolved' && row.service_id) resolved.push({ query, row });
        else if (row.status === 'unlinked' || (row.status === 'resolved' && row.player_id)) {
          if (row.player_id) resolved.push({ query, row: { ...row, service_id: null } });
          else problems.push(`${asked} has no id in the answer`);
        } else
          problems.push(
            `${asked} is unknown to the API (player_ids change every season: search_players finds current ones)`,
          );
      });
      if (problems.length > 0) {
        if (stray.length > 0)
          problems.push(`rows tied to no player asked: ${stray.map(rowLabel).join('; ')}`);
        throw new RefusedError(`Nothing was changed: ${problems.join('. ')}.`);
      }
      strayRows = strayNote(stray);
    }

    const added: string[] = [];
    const removed: string[] = [];
    const doc = await store.update(owner, name, (stored, now) => {
      // The store may run a change again (Redis, when another replica wrote meanwhile): start afresh.
      added.length = 0;
      removed.length = 0;
      const base = stored ?? newWatchlist(name, now);
      const next: WatchlistEntry[] = [];
      for (const entry of base.entries) {
        if (removing.has(keyOf(entry))) removed.push(entry.name ?? entry.pending?.name ?? keyOf(entry));
        else next.push(entry);
      }
      const have = new Set(next.map(keyOf));
      for (const { row } of resolved) {
        const label = (row.name ?? row.player_id ?? row.service_id ?? '').slice(0, NAME_MAX);
        const entry: WatchlistEntry = row.service_id
          ? { service_id: row.service_id, ...(label ? { name: label } : {}), added_at: now }
          : {
              service_id: null,
              pending: { player_id: row.player_id ?? '', name: label },
              name: label,
              added_at: now,
            };
        if (have.has(keyOf(entry))) continue;
        have.add(keyOf(entry));
        next.push(entry);
        added.push(label);
      }
      const nextNote = note === undefined ? base.note : note.trim() === '' ? null : note.trim();
      if (stored && added.length === 0 && removed.length === 0 && nextNote === base.note) return undefined;
      return { ...base, entries: next, note: nextNote };
    });
    if (!doc) throw new RefusedError(`The watchlist "${name}" could not be read back; call again.`);
    const notes = [
      ...(absent.length > 0 ? [`Not in the watchlist, nothing to remove: ${absent.join(', ')}.`] : []),
      ...(strayRows ? [strayRows] : []),
    ];
    return {
      data: { watchlist: doc.name, note: doc.note, players: listed(doc), added, removed, deleted: false },
      quota: ctx.api.quota.current(),
      source,
      notes,
    };
  },
  text: ({ data }) => {
    if (data.deleted) {
      return `Watchlist "${data.watchlist}" deleted, with its snapshots: ${data.removed.length} players were on it${data.removed.length > 0 ? ` (${data.removed.join(', ')})` : ''}.`;
    }
    const pending = data.players.filter((p) => p.status === 'pending').length;
    return [
      `Watchlist "${data.watchlist}": ${data.players.length} players${pending > 0 ? ` (${pending} not linked to a person yet)` : ''}.${data.note ? ` Note: ${data.note}` : ''}`,
      data.added.length > 0 && `Added: ${data.added.join(', ')}.`,
      data.removed.length > 0 && `Removed: ${data.removed.join(', ')}.`,
      table(data.players, [
        ['player', (p) => personLabel(p)],
        ['status', (p) => p.status],
        ['added', (p) => p.added_at.slice(0, 10)],
      ]),
    ]
      .filter(Boolean)
      .join('\n');
  },
});

function uniqueQueries(
  add: readonly { player_id?: string | undefined; name?: string | undefined; club?: string | undefined }[],
): ResolveQuery[] {
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

function listed(doc: WatchlistDoc): z.infer<typeof Listed>[] {
  return doc.entries.map((e) => ({
    service_id: e.service_id,
    player_id: e.pending?.player_id ?? null,
    name: e.name ?? e.pending?.name ?? null,
    status: e.service_id ? 'linked' : 'pending',
    added_at: e.added_at,
  }));
}
