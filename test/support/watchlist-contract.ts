// The behaviour every WatchlistStore must have (memory, file, Redis): run by test/unit/watchlists.test.ts
// and, on a real redis-server, by test/hosted/watchlists-redis.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  newWatchlist,
  type WatchlistDoc,
  type WatchlistEntry,
  WatchlistError,
  type WatchlistLimits,
  type WatchlistStore,
} from '../../src/store/watchlists.js';

export const TEST_LIMITS: WatchlistLimits = {
  maxWatchlists: 3,
  maxPlayers: 50,
  snapshots: 2,
  maxBytes: 20_000,
};

export function linked(serviceId: string, at = '2026-11-16T00:00:00.000Z'): WatchlistEntry {
  return { service_id: serviceId, added_at: at };
}

/** A change that adds one linked entry (creating the watchlist if needed), idempotent. */
export function adding(name: string, serviceId: string) {
  return (current: WatchlistDoc | undefined, now: string): WatchlistDoc => {
    const doc = current ?? newWatchlist(name, now);
    if (!doc.entries.some((e) => e.service_id === serviceId)) doc.entries.push(linked(serviceId, now));
    return doc;
  };
}

/** The WatchlistError `promise` rejects with; anything else fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<WatchlistError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WatchlistError) return error;
    throw error;
  }
  throw new Error('expected a WatchlistError');
}

/**
 * `open` gives a fresh, empty store with TEST_LIMITS; `reopen` another handle on the same data; `damage`
 * (stores kept outside the process) overwrites one stored list with text that is not a watchlist.
 */
export function watchlistContract(
  label: string,
  open: () => Promise<WatchlistStore>,
  reopen: () => Promise<WatchlistStore>,
  damage?: (owner: string, name: string, text: string) => Promise<void>,
): void {
  describe(`${label} watchlist store`, () => {
    let store: WatchlistStore;
    let owner: string;
    beforeEach(async () => {
      store = await open();
      owner = store.ownerOf('sbx_demo_0000000000000000');
    });
    afterEach(async () => {
      await store.close();
    });

    it('keys owners by a keyed hash of the API key, never the key', async () => {
      expect(owner).toMatch(/^[0-9a-f]{32}$/);
      expect(owner).not.toContain('sbx_demo');
      expect(store.ownerOf('sbx_demo_0000000000000000')).toBe(owner);
      expect(store.ownerOf('sbx_profull_0000000000000')).not.toBe(owner);
      expect(store.ownerOf('sbx_demo_0000000000000000', 'sandbox:other-seed')).not.toBe(owner);
      const again = await reopen();
      expect(again.ownerOf('sbx_demo_0000000000000000')).toBe(owner);
      await again.close();
    });

    it('creates, reads back by name whatever the case, and lists by name', async () => {
      expect(await store.get(owner, 'Left backs')).toBeUndefined();
      const created = await store.update(
        owner,
        '  Left   backs ',
        adding('  Left   backs ', 'ds_00q0a3J3sEZKeQhE'),
      );
      expect(created).toMatchObject({
        version: 1,
        name: 'Left backs',
        note: null,
        entries: [{ service_id: 'ds_00q0a3J3sEZKeQhE' }],
        snapshots: [],
      });
      expect(created?.created_at).toBe(created?.updated_at);
      await store.update(owner, 'Strikers', adding('Strikers', 'ds_00q0a3J3sEZKeQhF'));
      expect((await store.get(owner, 'LEFT BACKS'))?.entries).toHaveLength(1);
      expect((await store.list(owner)).map((d) => d.name)).toEqual(['Left backs', 'Strikers']);
      expect(await store.list(store.ownerOf('another key'))).toEqual([]);
    });

    it('keeps the first name, created_at, and moves updated_at; undefined changes nothing', async () => {
      const first = await store.update(owner, 'Wingers', adding('Wingers', 'ds_a'));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await store.update(owner, 'WINGERS', (doc) => (doc ? { ...doc, note: 'weekly' } : doc));
      expect(second).toMatchObject({ name: 'Wingers', note: 'weekly', created_at: first?.created_at });
      expect(second?.updated_at).not.toBe(first?.updated_at);
      expect(await store.update(owner, 'wingers', () => undefined)).toEqual(second);
      expect(await store.update(owner, 'Nobody', () => undefined)).toBeUndefined();
      expect(await store.get(owner, 'Nobody')).toBeUndefined();
    });

    it('keeps pending rows by row id and name, and links them later', async () => {
      await store.update(owner, 'Keepers', (doc, now) => {
        const next = doc ?? newWatchlist('Keepers', now);
        next.entries.push({
          service_id: null,
          pending: { player_id: 'p2a1b2c3d4e', name: 'Jean Dupont' },
          added_at: now,
        });
        return next;
      });
      const linkedDoc = await store.update(owner, 'Keepers', (doc, now) => {
        if (!doc) return undefined;
        doc.entries = doc.entries.map((e) =>
          e.pending?.player_id === 'p2a1b2c3d4e'
            ? {
                service_id: 'ds_00q0a3J3sEZKeQhE',
                name: e.pending.name,
                added_at: e.added_at,
                linked_at: now,
              }
            : e,
        );
        return doc;
      });
      expect(linkedDoc?.entries).toEqual([
        expect.objectContaining({ service_id: 'ds_00q0a3J3sEZKeQhE', name: 'Jean Dupont' }),
      ]);
      expect(linkedDoc?.entries[0]).not.toHaveProperty('pending');
    });

    it('keeps only the newest snapshots', async () => {
      for (const week of [1, 2, 3]) {
        await store.update(owner, 'Weekly', (doc, now) => {
          const next = doc ?? newWatchlist('Weekly', now);
          next.snapshots.push({
            taken_at: `2026-11-${10 + week}T00:00:00.000Z`,
            data_as_of: null,
            players: {
              ds_a: { club: `Club ${week}`, minutes: 90 * week, roles: { faux_9: { score: 60 + week } } },
            },
          });
          return next;
        });
      }
      const doc = await store.get(owner, 'weekly');
      expect(doc?.snapshots.map((s) => s.players.ds_a?.club)).toEqual(['Club 2', 'Club 3']);
    });

    it('refuses names, documents and sizes past the limits, with clear errors', async () => {
      for (const bad of ['', '   ', 'x'.repeat(61), 'tab\there', 'zero\u200bwidth']) {
        const error = await rejection(store.update(owner, bad, adding(bad, 'ds_a')));
        expect(error.code).toBe('invalid_name');
      }
      expect((await rejection(store.update(owner, 'A', adding('B', 'ds_a')))).code).toBe('invalid_document');
      expect(
        (
          await rejection(
            store.update(owner, 'A', (_d, now) => ({
              ...newWatchlist('A', now),
              entries: [linked('ds_a'), linked('ds_a')],
            })),
          )
        ).code,
      ).toBe('invalid_document');
      const tooMany = await rejection(
        store.update(owner, 'Big', (_d, now) => ({
          ...newWatchlist('Big', now),
          entries: Array.from({ length: 51 }, (_, i) => linked(`ds_${i}`)),
        })),
      );
      expect(tooMany.code).toBe('too_many_players');
      expect(tooMany.message).toMatch(/51 players; at most 50/);
      const tooLarge = await rejection(
        store.update(owner, 'Big', (_d, now) => ({
          ...newWatchlist('Big', now),
          snapshots: [
            {
              taken_at: now,
              data_as_of: null,
              players: Object.fromEntries(
                Array.from({ length: 600 }, (_, i) => [
                  `ds_${i}`,
                  { club: 'Olympique Lyonnais', minutes: i },
                ]),
              ),
            },
          ],
        })),
      );
      expect(tooLarge.code).toBe('too_large');
      expect(tooLarge.message).toMatch(/at most 20000 \(FOOTBALL_MCP_WATCHLIST_MAX_BYTES\)/);
      for (const name of ['One', 'Two', 'Three']) await store.update(owner, name, adding(name, 'ds_a'));
      const fourth = await rejection(store.update(owner, 'Four', adding('Four', 'ds_a')));
      expect(fourth.code).toBe('too_many_watchlists');
      // An existing one can still change; another owner is not affected.
      await store.update(owner, 'one', adding('One', 'ds_b'));
      await store.update(store.ownerOf('other key'), 'Four', adding('Four', 'ds_a'));
      expect(await store.get(owner, 'Four')).toBeUndefined();
    });

    it('deletes, and frees a place', async () => {
      await store.update(owner, 'Temp', adding('Temp', 'ds_a'));
      expect(await store.delete(owner, 'TEMP')).toBe(true);
      expect(await store.delete(owner, 'Temp')).toBe(false);
      expect(await store.get(owner, 'Temp')).toBeUndefined();
    });

    it('loses no entry when many changes of one watchlist run at once', async () => {
      const ids = Array.from({ length: 40 }, (_, i) => `ds_${String(i).padStart(16, '0')}`);
      await Promise.all(ids.map((id) => store.update(owner, 'Rush', adding('Rush', id))));
      expect((await store.get(owner, 'Rush'))?.entries).toHaveLength(40);
    });

    it('keeps what it acknowledged for another handle on the same store', async () => {
      await store.update(owner, 'Shared', adding('Shared', 'ds_a'));
      const other = await reopen();
      expect((await other.get(owner, 'shared'))?.entries).toEqual([
        expect.objectContaining({ service_id: 'ds_a' }),
      ]);
      await other.update(owner, 'Shared', adding('Shared', 'ds_b'));
      expect((await store.get(owner, 'Shared'))?.entries.map((e) => e.service_id)).toEqual(['ds_a', 'ds_b']);
      await other.close();
    });

    it('lists from the index: counts, dates and size of each list, without its document', async () => {
      await store.update(owner, 'Wingers', adding('Wingers', 'ds_a'));
      await store.update(owner, 'Wingers', (doc, now) => {
        if (!doc) return undefined;
        doc.entries.push({
          service_id: null,
          pending: { player_id: 'p1', name: 'Jean Dupont' },
          added_at: now,
        });
        doc.snapshots.push({
          taken_at: now,
          data_as_of: '2026-11-16',
          players: { ds_a: { league: 'Ligue 1', primary_role: 'faux_9' } },
        });
        return doc;
      });
      const [info] = await store.list(owner);
      const doc = await store.get(owner, 'wingers');
      expect(info).toMatchObject({
        name: 'Wingers',
        players: 2,
        pending: 1,
        snapshots: 1,
        last_refresh: doc?.snapshots[0]?.taken_at,
        data_as_of: '2026-11-16',
        // One ranking for the league and role known, one for the pending player.
        rankings: 2,
        updated_at: doc?.updated_at,
        created_at: doc?.created_at,
      });
      expect(info?.bytes).toBe(Buffer.byteLength(JSON.stringify(doc)));
      expect(info).not.toHaveProperty('damaged');
      await store.delete(owner, 'Wingers');
      expect(await store.list(owner)).toEqual([]);
    });

    it.runIf(damage)(
      'a damaged list is named and out of use alone; the others list and change; it can be deleted',
      async () => {
        for (const name of ['Keepers', 'Strikers']) await store.update(owner, name, adding(name, 'ds_a'));
        await damage?.(owner, 'Keepers', '{"version":1,"name":"Keepers","entries":[{"service_id":');
        const unreadable = await rejection(store.get(owner, 'keepers'));
        expect(unreadable.code).toBe('damaged');
        expect(unreadable.message).toContain('watchlist "keepers" is damaged');
        expect(unreadable.message).toContain('update_watchlist {"watchlist": "keepers", "delete": true}');
        // Listed by name, marked damaged (once read, at the latest), beside the others.
        const listed = await store.list(owner);
        expect(listed.map((l) => l.name)).toEqual(['Keepers', 'Strikers']);
        expect(listed[0]?.damaged).toMatch(/not JSON/);
        expect(listed[1]).not.toHaveProperty('damaged');
        expect((await rejection(store.update(owner, 'Keepers', adding('Keepers', 'ds_b')))).code).toBe(
          'damaged',
        );
        // The others change, and a new list can be made.
        await store.update(owner, 'Strikers', adding('Strikers', 'ds_b'));
        await store.update(owner, 'Wingers', adding('Wingers', 'ds_c'));
        expect((await store.get(owner, 'strikers'))?.entries).toHaveLength(2);
        expect(await store.delete(owner, 'KEEPERS')).toBe(true);
        expect((await store.list(owner)).map((l) => l.name)).toEqual(['Strikers', 'Wingers']);
        expect(await store.get(owner, 'Keepers')).toBeUndefined();
      },
    );

    it('refuses an owner that is not an id', async () => {
      expect((await rejection(store.get('../etc', 'x'))).code).toBe('invalid_owner');
    });
  });
}
