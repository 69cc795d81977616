// The watchlist tools, resources, completion and the weekly_watchlist prompt through a real SDK client
// (in memory) against the sandbox at several weeks, one watchlist store shared across the weeks.
import { describe, expect, it } from 'vitest';
import { DEFAULT_WATCHLIST_LIMITS } from '../../src/store/watchlists.js';
import { MemoryWatchlistStore } from '../../src/store/watchlists-memory.js';
import { closedAfterEach } from '../support/hooks.js';
import { call, depsFor, inMemoryClient, callOk as ok, openSandboxSession, textOf } from '../support/mcp.js';
import { GARMONT, KOUYANDE, KOUYANDE_ROW, MBENRA, VERAC } from '../support/people.js';
import { fill, plannedCalls, promptText } from '../support/prompts.js';

const opened = closedAfterEach();

/** A client on the sandbox at `week`, its watchlists in `store` under one key's owner id. */
async function at(
  week: number,
  store: MemoryWatchlistStore,
  options: { dialect?: 'french' | 'nested' | 'numeric' | 'bare' | 'minimal' | 'unit-scale' | 'unicode' } = {},
) {
  return opened(await openSandboxSession({ week, ...options }, { watchlists: store }));
}

const ids = (body: { data: { players: { service_id: string | null; player_id: string | null }[] } }) =>
  body.data.players.map((p) => p.service_id ?? p.player_id);

describe('update_watchlist', () => {
  it('adds once, removes by name or service_id, keeps and clears the note; a known player costs no request', async () => {
    const store = new MemoryWatchlistStore();
    const { client, sandbox } = await at(0, store);
    const made = await ok(client, 'update_watchlist', {
      watchlist: 'Keepers',
      add: [{ player_id: MBENRA }, { player_id: GARMONT }],
      note: 'first team',
    });
    // A new list: every player on it was added now, said once in each form.
    expect(made.body.data).toMatchObject({ created: true });
    expect(made.body.data.added).toBeUndefined();
    expect(made.text).toMatch(/^Watchlist "Keepers" created: 2 players\./);
    const before = sandbox.requestCount();
    const again = await ok(client, 'update_watchlist', {
      watchlist: 'KEEPERS',
      add: [{ player_id: MBENRA }],
    });
    expect(sandbox.requestCount()).toBe(before);
    expect(again.body.data.added).toBeUndefined();
    expect(again.body.data.created).toBeUndefined();
    expect(ids(again.body)).toEqual([MBENRA, GARMONT]);
    // Every player asked is accounted for: one not added is said, in both forms.
    const already = `Not added again: "${MBENRA}" (Christian Mbenra) is on the list already.`;
    expect(again.text).toContain(`Note: ${already}`);
    expect(again.body.notes).toContain(already);

    const removed = await ok(client, 'update_watchlist', {
      watchlist: 'keepers',
      remove: ['christian mbenra', 'ds_NotInTheList000'],
      note: '',
    });
    expect(removed.body.data.note).toBeUndefined();
    expect(removed.body.data).toMatchObject({
      watchlist: 'Keepers',

      removed: ['Christian Mbenra'],
    });
    expect(ids(removed.body)).toEqual([GARMONT]);
    expect(removed.text).toContain('Note: Not in the watchlist, nothing to remove: ds_NotInTheList000.');
    expect(sandbox.requestCount()).toBe(before);
  });

  it('a player asked twice in one add, by his row id and his service_id, is added once and said', async () => {
    const { client } = await at(0, new MemoryWatchlistStore());
    const card = await ok(client, 'get_player', { player_id: MBENRA, sections: [] });
    const row: string = card.body.data.player.player_id;
    const made = await ok(client, 'update_watchlist', {
      watchlist: 'Backs',
      add: [{ player_id: MBENRA }, { player_id: GARMONT }, { player_id: row }, { player_id: GARMONT }],
    });
    expect(ids(made.body)).toEqual([MBENRA, GARMONT]);
    expect(made.text).toMatch(/^Watchlist "Backs" created: 2 players\./);
    expect(made.body.notes).toContain(
      `Not added again: 1 player was asked twice in this change (the same id, or name and club); "${row}" (Christian Mbenra) is the same player as "${MBENRA}": added once.`,
    );
  });

  it('names the players added to a list that existed; a new list says it was created', async () => {
    const { client } = await at(0, new MemoryWatchlistStore());
    const made = await ok(client, 'update_watchlist', { watchlist: 'Backs', add: [{ player_id: MBENRA }] });
    expect(made.body.data).toMatchObject({ created: true });
    expect(made.text).toMatch(/^Watchlist "Backs" created: 1 player\./);
    const more = await ok(client, 'update_watchlist', { watchlist: 'Backs', add: [{ player_id: GARMONT }] });
    expect(more.body.data.created).toBeUndefined();
    expect(more.body.data.added).toHaveLength(1);
    expect(more.text).toMatch(/^Watchlist "Backs": 2 players\.\nAdded: /);
  });

  it('delete: true deletes the whole list, which frees its place under the watchlist limit', async () => {
    const store = new MemoryWatchlistStore({ ...DEFAULT_WATCHLIST_LIMITS, maxWatchlists: 1 });
    const { client, sandbox } = await at(0, store);
    await ok(client, 'update_watchlist', { watchlist: 'Keepers', add: [{ player_id: MBENRA }] });
    const full = await call(client, 'update_watchlist', {
      watchlist: 'Wingers',
      add: [{ player_id: GARMONT }],
    });
    expect(full.isError).toBe(true);
    expect(textOf(full)).toContain('delete: true');

    const mixed = await call(client, 'update_watchlist', { watchlist: 'Keepers', delete: true, note: 'x' });
    expect(mixed.isError).toBe(true);
    expect(textOf(mixed)).toContain('give it alone');
    const before = sandbox.requestCount();
    const deleted = await ok(client, 'update_watchlist', { watchlist: 'keepers', delete: true });
    expect(deleted.body.data).toMatchObject({
      watchlist: 'Keepers',
      players: [],
      removed: ['Christian Mbenra'],
      deleted: true,
    });
    expect(deleted.text).toContain('Watchlist "Keepers" deleted');
    expect(sandbox.requestCount()).toBe(before);
    expect((await ok(client, 'watchlist_report')).body.data.watchlists).toEqual([]);

    const again = await call(client, 'update_watchlist', { watchlist: 'Keepers', delete: true });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain('Nothing to delete');
    await ok(client, 'update_watchlist', { watchlist: 'Wingers', add: [{ player_id: GARMONT }] });
  });

  it('a name without a club that several players share is refused with the candidates', async () => {
    const { client } = await at(0, new MemoryWatchlistStore());
    const result = await call(client, 'update_watchlist', { watchlist: 'W', add: [{ name: 'Martin' }] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Nothing was changed: "Martin" matches several players: .+ \(.+, ds_/);
    const lists = await ok(client, 'watchlist_report');
    expect(lists.body.data.watchlists).toEqual([]);
  });

  it('without an API key there is nobody to own a watchlist', async () => {
    const deps = depsFor('http://127.0.0.1:9', undefined);
    const client = await inMemoryClient(deps);
    const result = await call(client, 'watchlist_report');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('No Football API key is configured');
    await client.close();
  });
});

describe('watchlist_report across weeks', () => {
  it('a pending row linked to a person already followed is merged, not listed twice', async () => {
    const store = new MemoryWatchlistStore();
    const w0 = await at(0, store);
    await ok(w0.client, 'update_watchlist', {
      watchlist: 'Keepers',
      add: [{ player_id: KOUYANDE_ROW }, { player_id: VERAC }],
    });
    const first = await ok(w0.client, 'watchlist_report', { watchlist: 'Keepers' });
    expect(first.text).toContain(
      'Not linked to a person yet (linked on a later refresh): Ousmane Kouyandé (row p20q03clovz, not linked yet).',
    );

    const w1 = await at(1, store);
    // Someone adds him by his new service_id before the next refresh: two entries for one person.
    const both = await ok(w1.client, 'update_watchlist', {
      watchlist: 'Keepers',
      add: [{ player_id: KOUYANDE }],
    });
    expect(ids(both.body)).toEqual([KOUYANDE_ROW, VERAC, KOUYANDE]);
    const merged = await ok(w1.client, 'watchlist_report', { watchlist: 'Keepers' });
    // The row gone from the list is said, not dropped without a word.
    expect(merged.text).toContain(
      `Kept once, as the player followed already: row ${KOUYANDE_ROW} (Ousmane Kouyandé) is now linked to ${KOUYANDE}.`,
    );
    const after = await ok(w1.client, 'update_watchlist', { watchlist: 'Keepers' });
    expect(ids(after.body)).toEqual([VERAC, KOUYANDE]);
  });

  it('one player: the record alone, 1 + 1 + 1 requests; refresh: false costs none', async () => {
    const store = new MemoryWatchlistStore();
    const { client, sandbox } = await at(0, store);
    await ok(client, 'update_watchlist', { watchlist: 'One', add: [{ player_id: GARMONT }] });
    const before = sandbox.requestCount();
    const report = await ok(client, 'watchlist_report', { watchlist: 'One' });
    expect(report.body.requests).toEqual({ planned: 3, planned_max: 3, sent: 2, from_cache: 1 });
    expect(sandbox.requestCount() - before).toBe(2);
    expect(report.body.data.players[0]).toMatchObject({
      service_id: GARMONT,
      club: 'Racing Club de Lyon',
      status: 'new',
    });
    const count = sandbox.requestCount();
    await ok(client, 'watchlist_report', { watchlist: 'One', refresh: false });
    expect(sandbox.requestCount()).toBe(count);
  });

  it('a refresh or an add that would pass --watchlist-max-bytes is refused before its requests', async () => {
    const limits = { ...DEFAULT_WATCHLIST_LIMITS };
    const store = new MemoryWatchlistStore(limits);
    const { client, sandbox, deps } = await at(0, store);
    await ok(client, 'update_watchlist', {
      watchlist: 'Keepers',
      add: [{ player_id: MBENRA }, { player_id: GARMONT }],
    });
    await ok(client, 'watchlist_report', { watchlist: 'Keepers' });
    const owner = deps.watchlists?.owner ?? '';
    const stored = await store.get(owner, 'Keepers');
    // The operator lowers the cap to just above the list as it is: one more snapshot or player passes it.
    limits.maxBytes = Buffer.byteLength(JSON.stringify(stored)) + 10;
    const before = sandbox.requestCount();
    for (const [name, args] of [
      ['watchlist_report', { watchlist: 'Keepers' }],
      ['update_watchlist', { watchlist: 'Keepers', add: [{ player_id: VERAC }] }],
    ] as const) {
      const result = await call(client, name, args);
      expect(result.isError, name).toBe(true);
      expect(textOf(result)).toMatch(
        /would take about \d+ bytes .*FOOTBALL_MCP_WATCHLIST_MAX_BYTES.*No request was sent/,
      );
    }
    expect(sandbox.requestCount()).toBe(before);
    expect(await store.get(owner, 'Keepers')).toEqual(stored);
  });

  it("a week on: the primary role's own score and its change beside its rank", async () => {
    const store = new MemoryWatchlistStore();
    const w0 = await at(0, store);
    await ok(w0.client, 'update_watchlist', {
      watchlist: 'Keepers',
      add: [{ player_id: MBENRA }, { player_id: GARMONT }],
    });
    await ok(w0.client, 'watchlist_report', { watchlist: 'Keepers' });
    const w1 = await at(1, store);
    const report = await ok(w1.client, 'watchlist_report', { watchlist: 'Keepers' });
    const rows = report.body.data.players as {
      role_score: number | null;
      role_score_change: number | null;
      changes: string[];
    }[];
    const moved = rows.filter((r) => r.role_score_change !== null && r.role_score_change !== 0);
    expect(moved.length).toBeGreaterThan(0);
    for (const row of moved) expect(row.changes).toContain('role score');
    expect(report.text).toContain('| primary role, rank, score |');
    expect(report.text).toMatch(/, score \d+(\.\d+)? \([+-]\d+(\.\d+)?\)/);
    // Changes as the API's scores give them, never float noise (+0.19999999999998863).
    expect(report.text).not.toMatch(/score [^|]*\d\.\d{5,}/);
  });

  it('minutes unchanged while the data moved on a week (a break): "did not play"', async () => {
    const store = new MemoryWatchlistStore();
    // Week 6 is the year-end break: no league round after week 5.
    const w5 = await at(5, store);
    await ok(w5.client, 'update_watchlist', {
      watchlist: 'Keepers',
      add: [{ player_id: MBENRA }, { player_id: GARMONT }],
    });
    await ok(w5.client, 'watchlist_report', { watchlist: 'Keepers' });
    const w6 = await at(6, store);
    const report = await ok(w6.client, 'watchlist_report', { watchlist: 'Keepers' });
    for (const row of report.body.data.players as { minutes_delta: number | null; changes: string[] }[]) {
      // No minutes played: no change in minutes to give, and "did not play" among the changes.
      expect(row.minutes_delta ?? null).toBeNull();
      expect(row.changes).toContain('did not play');
    }
    expect(report.text).toMatch(/\| \d+ \(did not play\) \|/);
    // The same week refreshed again is a re-run: compared with week 5 again, the same changes, and its
    // snapshot replaces the first one of week 6 (two kept, not three).
    const again = await ok(w6.client, 'watchlist_report', { watchlist: 'Keepers' });
    expect(again.body.data.players).toEqual(report.body.data.players);
    expect(again.body.data.compared_with).toEqual(report.body.data.compared_with);
    const owner = w6.deps.watchlists?.owner ?? '';
    expect((await store.get(owner, 'Keepers'))?.snapshots).toHaveLength(2);
  });

  it('a refresh on an older week than the last snapshot is refused, not compared and not stored', async () => {
    const store = new MemoryWatchlistStore();
    const w7 = await at(7, store);
    await ok(w7.client, 'update_watchlist', {
      watchlist: 'Keepers',
      add: [{ player_id: MBENRA }, { player_id: GARMONT }],
    });
    await ok(w7.client, 'watchlist_report', { watchlist: 'Keepers' });
    const owner = w7.deps.watchlists?.owner ?? '';
    const stored = await store.get(owner, 'Keepers');
    const w0 = await at(0, store);
    const result = await call(w0.client, 'watchlist_report', { watchlist: 'Keepers' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/older than that of the last snapshot .*backwards.*refresh again/);
    expect(textOf(result)).toContain('Not compared and not stored');
    expect(await store.get(owner, 'Keepers')).toEqual(stored);
    const last = await ok(w0.client, 'watchlist_report', { watchlist: 'Keepers', refresh: false });
    expect(last.body.data.data_as_of).toBe(stored?.snapshots.at(-1)?.data_as_of);
    expect(last.body.source.fetched_at).toBe(stored?.snapshots.at(-1)?.taken_at.replace(/\.\d+Z$/, 'Z'));
  });

  it.each(['french', 'nested', 'numeric', 'bare', 'minimal', 'unit-scale', 'unicode'] as const)(
    'reads the %s dialect: a report, whatever the API leaves out',
    async (dialect) => {
      const { client } = await at(0, new MemoryWatchlistStore(), { dialect });
      await ok(client, 'update_watchlist', {
        watchlist: 'Keepers',
        add: [{ player_id: MBENRA }, { player_id: GARMONT }],
      });
      const { body } = await ok(client, 'watchlist_report', { watchlist: 'Keepers' });
      expect(body.data.players.map((p: { service_id: string }) => p.service_id).sort()).toEqual(
        [GARMONT, MBENRA].sort(),
      );
      if (dialect !== 'minimal') expect(body.data.players[0].club).toEqual(expect.any(String));
    },
  );
});

describe('resources, completion and the weekly_watchlist prompt', () => {
  it('football://watchlists and football://watchlists/{name}; names complete', async () => {
    const store = new MemoryWatchlistStore();
    const { client } = await at(0, store);
    await ok(client, 'update_watchlist', { watchlist: 'Left backs U23', add: [{ player_id: GARMONT }] });
    const all = await client.readResource({ uri: 'football://watchlists' });
    const [listContent] = all.contents;
    const list = JSON.parse(listContent && 'text' in listContent ? listContent.text : '');
    expect(list.data).toEqual([
      expect.objectContaining({ name: 'Left backs U23', players: 1, last_refresh: null, refresh_cost: 3 }),
    ]);
    const one = await client.readResource({ uri: 'football://watchlists/left%20backs%20u23' });
    const [oneContent] = one.contents;
    expect(JSON.parse(oneContent && 'text' in oneContent ? oneContent.text : '')).toMatchObject({
      name: 'Left backs U23',
      entries: [expect.objectContaining({ service_id: GARMONT })],
      last_snapshot: null,
    });
    await expect(client.readResource({ uri: 'football://watchlists/right%20backs' })).rejects.toThrow(
      /No watchlist "right backs".*Left backs U23/,
    );
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain('football://watchlists/Left%20backs%20U23');
    const completed = await client.complete({
      ref: { type: 'ref/resource', uri: 'football://watchlists/{name}' },
      argument: { name: 'name', value: 'left' },
    });
    expect(completed.completion.values).toEqual(['Left backs U23']);
  });

  it('weekly_watchlist plans the report then the largest movers within the budget, and the run keeps to it', async () => {
    const store = new MemoryWatchlistStore();
    const w0 = await at(0, store);
    await ok(w0.client, 'update_watchlist', {
      watchlist: 'Keepers',
      add: [{ player_id: MBENRA }, { player_id: GARMONT }, { player_id: VERAC }],
    });
    await ok(w0.client, 'watchlist_report', { watchlist: 'Keepers' });

    const w7 = await at(7, store);
    const text = promptText(
      await w7.client.getPrompt({
        name: 'weekly_watchlist',
        arguments: { watchlist: 'keepers', budget: '30' },
      }),
    );
    const cost = Number(/at most (\d+) upstream requests unless cached/.exec(text)?.[1]);
    const calls = plannedCalls(text);
    expect(calls.map((c) => c.tool)).toEqual(['watchlist_report', 'scouting_report']);
    // 6 for the refresh (3 players, 3 league/role pairs), then 3 reports of 7 and the glossary (read once)
    // within the 30 left.
    expect(text).toContain('For the 3 largest movers');
    expect(cost).toBe(6 + 3 * 7 + 1);
    expect(cost).toBeLessThanOrEqual(30);

    const before = w7.sandbox.requestCount();
    const report = await ok(w7.client, 'watchlist_report', calls[0]?.args ?? {});
    const movers = (report.body.data.players as { service_id: string; changes: string[] }[]).filter(
      (p) => !p.changes.includes('first snapshot'),
    );
    expect(movers[0]?.service_id).toBe(MBENRA);
    for (const mover of movers.slice(0, 3)) {
      await ok(
        w7.client,
        'scouting_report',
        fill(calls[1]?.args ?? {}, { '<service_id>': mover.service_id }),
      );
    }
    expect(w7.sandbox.requestCount() - before).toBeLessThanOrEqual(cost);

    const short = promptText(
      await w7.client.getPrompt({
        name: 'weekly_watchlist',
        arguments: { watchlist: 'Keepers', budget: '2' },
      }),
    );
    expect(plannedCalls(short)).toEqual([
      { tool: 'watchlist_report', args: { watchlist: 'Keepers', refresh: false } },
    ]);
    await expect(
      w7.client.getPrompt({ name: 'weekly_watchlist', arguments: { watchlist: 'Strikers', budget: '60' } }),
    ).rejects.toThrow(/No watchlist "Strikers" for this API key \(it has "Keepers"\)/);
  });
});
