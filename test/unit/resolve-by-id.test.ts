// resolve-batch rows are tied to the players asked by what they carry (the echoed query, the asked id),
// never by their place: the spec does not say the answer keeps the order asked, nor that every player
// asked has a row. A row tied to nobody is left out and said; a player without a row stays unresolved.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RoleCatalog } from '../../src/facts/role-catalog.js';
import { createLogger } from '../../src/log.js';
import type { ToolContext } from '../../src/mcp/context.js';
import { untabulate } from '../../src/mcp/tabular.js';
import type { ToolDefinition } from '../../src/mcp/tool.js';
import { newWatchlist } from '../../src/store/watchlists.js';
import { MemoryWatchlistStore } from '../../src/store/watchlists-memory.js';
import resolvePlayers from '../../tools/resolve-players.js';
import updateWatchlist from '../../tools/update-watchlist.js';
import watchlistReport from '../../tools/watchlist-report.js';
import { textOf } from '../support/mcp.js';
import { clientFor, JSON_HEADERS, KEY, mockUpstream, type Upstream } from './helpers.js';

interface Person {
  player_id: string;
  service_id: string;
  name: string;
}
const ABLE: Person = { player_id: 'pa', service_id: 'ds_aaaaaaaaaaaaaaaa', name: 'Alan Able' };
/** A row added to the watchlist before it was linked: kept pending under its row id `pb`. */
const BAKER: Person = { player_id: 'pb', service_id: 'ds_bbbbbbbbbbbbbbbb', name: 'Bruno Baker' };
const COLE: Person = { player_id: 'pc', service_id: 'ds_cccccccccccccccc', name: 'Carl Cole' };
const PEOPLE = [ABLE, BAKER, COLE];

type Row = Record<string, unknown>;
/** The upstream's own reading of what was asked: a row per player it knows, in the order asked. */
function rowsFor(players: { player_id?: string }[], echo: boolean): Row[] {
  return players.flatMap((query) => {
    const person = PEOPLE.find((p) => p.player_id === query.player_id || p.service_id === query.player_id);
    const status = person ? 'resolved' : 'not_found';
    return [{ ...(echo ? { query } : {}), status, ...(person ?? { player_id: null, service_id: null }) }];
  });
}

let upstream: Upstream;
let store: MemoryWatchlistStore;
const resolveBodies: string[][] = [];

/**
 * resolve-batch answered by `shape` (rows built in the order asked); compare by id, its rows then
 * given by `compared`; records by id.
 */
function answer(shape: (rows: Row[]) => Row[], echo = true, compared: (rows: Row[]) => Row[] = (r) => r) {
  const reply = (data: unknown) => ({
    statusCode: 200,
    data: JSON.stringify(data),
    responseOptions: { headers: JSON_HEADERS },
  });
  upstream.pool
    .intercept({ path: '/v1/players/resolve-batch', method: 'POST' })
    .reply((req) => {
      const { players } = JSON.parse(String(req.body)) as { players: { player_id?: string }[] };
      resolveBodies.push(players.map((p) => p.player_id ?? ''));
      return reply({ data: shape(rowsFor(players, echo)) });
    })
    .persist();
  upstream.pool
    .intercept({ path: '/v1/compare', method: 'POST' })
    .reply((req) => {
      const { player_ids } = JSON.parse(String(req.body)) as { player_ids: string[] };
      const rows = player_ids.flatMap((id) => PEOPLE.filter((p) => p.service_id === id));
      return reply({ data: compared(rows.map((p) => ({ ...p, club: `${p.name} FC`, minutes: 900 }))) });
    })
    .persist();
  upstream.pool
    .intercept({ path: (path) => path.startsWith('/v1/players/ds_'), method: 'GET' })
    .reply((req) => {
      const person = PEOPLE.find((p) => req.path.endsWith(p.service_id));
      return reply({ data: { ...person, data_as_of: '2026-11-16' } });
    })
    .persist();
}

beforeEach(() => {
  upstream = mockUpstream();
  store = new MemoryWatchlistStore();
  resolveBodies.length = 0;
});

afterEach(async () => {
  await upstream.agent.close();
});

function context(): ToolContext {
  return {
    api: clientFor(upstream),
    roles: undefined as unknown as RoleCatalog,
    logger: createLogger('silent', [KEY]),
    watchlists: { store, owner: store.ownerOf(KEY) },
    signal: new AbortController().signal,
    progress: () => undefined,
  };
}

async function run(tool: ToolDefinition, args: Record<string, unknown>, ctx = context()) {
  const result: CallToolResult = await tool.handle(args, ctx);
  const text = textOf(result);
  // biome-ignore lint/suspicious/noExplicitAny: tests read structured content loosely
  return { result, text, body: untabulate(result.structuredContent) as any };
}

/** A watchlist of Baker's pending row between Able and Cole, as update_watchlist stores one. */
async function seedWatchlist() {
  const owner = store.ownerOf(KEY);
  await store.update(owner, 'Shortlist', (_, now) => ({
    ...newWatchlist('Shortlist', now),
    entries: [
      { service_id: ABLE.service_id, name: ABLE.name, added_at: now },
      {
        service_id: null,
        pending: { player_id: BAKER.player_id, name: BAKER.name },
        name: BAKER.name,
        added_at: now,
      },
      { service_id: COLE.service_id, name: COLE.name, added_at: now },
    ],
  }));
}

const storedEntries = async () =>
  (await store.get(store.ownerOf(KEY), 'Shortlist'))?.entries.map(
    (e) => e.service_id ?? e.pending?.player_id,
  );

/** The rows turned one place: the first asked comes back last. */
const rotated = (rows: Row[]) => [...rows.slice(1), ...rows.slice(0, 1)];
const without = (playerId: string) => (rows: Row[]) =>
  rows.filter((r) => (r.query as Row | undefined)?.player_id !== playerId && r.player_id !== playerId);

describe('watchlist_report refresh: resolve rows tied by id', () => {
  it('links a pending entry to its own person when the rows come back in another order', async () => {
    answer(rotated);
    await seedWatchlist();
    const { result, body } = await run(watchlistReport, { watchlist: 'Shortlist', refresh: true });
    expect(result.isError).toBeFalsy();
    expect(await storedEntries()).toEqual([ABLE.service_id, BAKER.service_id, COLE.service_id]);
    const rows = body.data.players as { service_id: string; name: string; changes: string[] }[];
    expect(rows.find((r) => r.changes.includes('linked'))).toMatchObject({
      service_id: BAKER.service_id,
      name: BAKER.name,
    });
    for (const person of PEOPLE)
      expect(rows.find((r) => r.service_id === person.service_id)?.name).toBe(person.name);
  });

  it('ties rows that echo no query by the id they carry', async () => {
    answer(rotated, false);
    await seedWatchlist();
    const { result } = await run(watchlistReport, { watchlist: 'Shortlist', refresh: true });
    expect(result.isError).toBeFalsy();
    expect(await storedEntries()).toEqual([ABLE.service_id, BAKER.service_id, COLE.service_id]);
  });

  it("a pending entry whose row is left out stays pending, never takes another's row, and the notes say so", async () => {
    answer(without(BAKER.player_id));
    await seedWatchlist();
    const { result, body, text } = await run(watchlistReport, { watchlist: 'Shortlist', refresh: true });
    expect(result.isError).toBeFalsy();
    expect(await storedEntries()).toEqual([ABLE.service_id, BAKER.player_id, COLE.service_id]);
    const baker = body.data.players.find((r: { player_id: string }) => r.player_id === BAKER.player_id);
    expect(baker).toMatchObject({ service_id: null, status: 'pending' });
    expect(body.notes).toEqual([expect.stringContaining(`"${BAKER.player_id}"`)]);
    expect(text).toContain('left pending');
  });

  it("a pending entry's last-season row id answered with this season's row and no echo: tied by the name it is known by", async () => {
    // Baker's row came back under this season's row id, spelt as the API spells him, with no echo.
    answer(
      (rows) =>
        rows
          .map((r) => (r.player_id === BAKER.player_id ? { ...r, player_id: 'pb2', name: 'BRUNO BÄKER' } : r))
          .toReversed(),
      false,
    );
    await seedWatchlist();
    const { result, body } = await run(watchlistReport, { watchlist: 'Shortlist', refresh: true });
    expect(result.isError).toBeFalsy();
    expect(await storedEntries()).toEqual([ABLE.service_id, BAKER.service_id, COLE.service_id]);
    expect((body.notes ?? []).join('\n')).not.toContain('left out');
    // Only the name stays with us: the API is asked by row id alone.
    expect(resolveBodies[0]).toEqual([ABLE.service_id, BAKER.player_id, COLE.service_id]);
  });

  it('a row that carries none of the ids asked, nor the name a pending entry is known by, is left out, named, and attached to no entry', async () => {
    answer(
      (rows) =>
        rows
          .map((r) =>
            r.player_id === BAKER.player_id ? { ...r, player_id: 'pb2', name: 'Bruno Becker' } : r,
          )
          .toReversed(),
      false,
    );
    await seedWatchlist();
    const { body } = await run(watchlistReport, { watchlist: 'Shortlist', refresh: true });
    expect(await storedEntries()).toEqual([ABLE.service_id, BAKER.player_id, COLE.service_id]);
    expect(body.notes.join('\n')).toMatch(/Bruno Becker \(row pb2, ds_bbbbbbbbbbbbbbbb\)/);
  });

  it('a row two pending namesakes could take by name goes to neither', async () => {
    answer(
      (rows) =>
        rows.map((r) => (r.player_id === BAKER.player_id ? { ...r, player_id: 'pb2' } : r)).toReversed(),
      false,
    );
    const owner = store.ownerOf(KEY);
    await store.update(owner, 'Shortlist', (_, now) => ({
      ...newWatchlist('Shortlist', now),
      entries: ['pb', 'pb_old'].map((player_id) => ({
        service_id: null,
        pending: { player_id, name: BAKER.name },
        name: BAKER.name,
        added_at: now,
      })),
    }));
    const { body } = await run(watchlistReport, { watchlist: 'Shortlist', refresh: true });
    expect(await storedEntries()).toEqual(['pb', 'pb_old']);
    expect(body.notes.join('\n')).toMatch(/left out: .*Bruno Baker \(row pb2, ds_bbbbbbbbbbbbbbbb\)/);
  });
});

describe('watchlist_report refresh: compare rows tied to their person, never by place', () => {
  const withoutServiceId = (rows: Row[]) => rows.map(({ service_id: _, ...row }) => row);
  const withoutIds = (rows: Row[]) => rows.map(({ service_id: _, player_id: __, ...row }) => row);
  /** Refreshes the seeded list; each person's club in the report, in PEOPLE's order. */
  const refreshedClubs = async () => {
    await seedWatchlist();
    const { result, body } = await run(watchlistReport, { watchlist: 'Shortlist', refresh: true });
    expect(result.isError).toBeFalsy();
    const rows = body.data.players as { service_id: string; club: string | null }[];
    return PEOPLE.map((p) => rows.find((r) => r.service_id === p.service_id)?.club ?? null);
  };

  it('rows without a service_id, in another order, are tied by the row id the resolve answer gave', async () => {
    answer(
      (rows) => rows,
      true,
      (rows) =>
        withoutServiceId(rows)
          .map(({ name: _, ...row }) => row)
          .toReversed(),
    );
    expect(await refreshedClubs()).toEqual(PEOPLE.map((p) => `${p.name} FC`));
  });

  it('one row two namesakes could take goes to neither of them', async () => {
    const same = (row: Row) => (row.name === COLE.name ? { ...row, name: ABLE.name } : row);
    // Able and Cole share a name; compare sends one row without ids under it, none for the other.
    answer(
      (rows) => rows.map(same),
      true,
      (rows) => withoutIds(rows.map(same)).filter((_, i) => i !== 2),
    );
    expect(await refreshedClubs()).toEqual([null, `${BAKER.name} FC`, null]);
  });

  it('rows without ids, in another order, are tied by the name they carry', async () => {
    answer(
      (rows) => rows,
      true,
      (rows) => withoutIds(rows).toReversed(),
    );
    expect(await refreshedClubs()).toEqual(PEOPLE.map((p) => `${p.name} FC`));
  });

  it("a row's own primary role, not its best-scored one, picks the ranking its person is placed in", async () => {
    const ranked: string[] = [];
    upstream.pool
      .intercept({ path: (path) => path.startsWith('/v1/rankings'), method: 'GET' })
      .reply((req) => {
        ranked.push(new URL(req.path, 'http://x').searchParams.get('role') ?? '');
        return {
          statusCode: 200,
          data: JSON.stringify({ data: [] }),
          responseOptions: { headers: JSON_HEADERS },
        };
      })
      .persist();
    answer(
      (rows) => rows,
      true,
      (rows) =>
        rows.map((row) => ({
          ...row,
          league: 'Ligue 1',
          primary_role: 'regista',
          roles: [
            { role: 'milieu_box_to_box', score: 90 },
            { role: 'regista', score: 50 },
          ],
        })),
    );
    await seedWatchlist();
    const { result } = await run(watchlistReport, { watchlist: 'Shortlist', refresh: true });
    expect(result.isError).toBeFalsy();
    expect(ranked).toEqual(['regista']);
  });

  it('a row with neither service_id, nor their row id, nor a name is given to nobody; the notes say who got none', async () => {
    answer(
      (rows) => rows,
      true,
      // Row ids of another season than the resolve answer gave, and no names: nothing says whose.
      (rows) => withoutIds(rows).map(({ name: _, ...row }, i) => ({ ...row, player_id: `old${i}` })),
    );
    await seedWatchlist();
    const { result, body } = await run(watchlistReport, { watchlist: 'Shortlist', refresh: true });
    expect(result.isError).toBeFalsy();
    const rows = body.data.players as { service_id: string; club: string | null }[];
    for (const person of PEOPLE)
      expect(rows.find((r) => r.service_id === person.service_id)?.club).toBeNull();
    expect(body.notes.join('\n')).toContain(
      `compare: no row of the API's answer is for ${ABLE.service_id} (Alan Able)`,
    );
  });
});

describe('resolve_players: each row answers its own query', () => {
  it('rows in another order, without an echoed query, are shown against the query they answer', async () => {
    answer((rows) => rows.toReversed(), false);
    const { body } = await run(resolvePlayers, {
      players: [{ player_id: ABLE.player_id }, { player_id: COLE.service_id }],
    });
    expect(body.data).toMatchObject([
      { query: ABLE.player_id, status: 'resolved', service_id: ABLE.service_id },
      { query: COLE.service_id, status: 'resolved', player_id: COLE.player_id },
    ]);
  });

  it('a query the answer has no row for is unanswered, said in the notes; the rows tied are cached', async () => {
    answer(without(BAKER.player_id));
    const ctx = context();
    const { body, text } = await run(
      resolvePlayers,
      { players: [{ player_id: BAKER.player_id }, { player_id: ABLE.player_id }] },
      ctx,
    );
    expect(body.data).toMatchObject([
      { query: BAKER.player_id, status: 'unanswered', service_id: null, name: null },
      { query: ABLE.player_id, status: 'resolved', service_id: ABLE.service_id },
    ]);
    expect(text).toMatch(/Note: .*"pb"/);
    // Able's row was tied to him and kept; Baker's question was not answered and is asked again.
    await run(resolvePlayers, { players: [{ player_id: ABLE.player_id }] }, ctx);
    await run(resolvePlayers, { players: [{ player_id: BAKER.player_id }] }, ctx);
    expect(resolveBodies).toEqual([['pb', 'pa'], ['pb']]);
  });

  it('asked again after a cached answer without its row, a query gets the fresh answer, its notes said once', async () => {
    // No row for Baker; a row for Cole, whom nobody asked, and who carries no id asked.
    answer((rows) => [...without(BAKER.player_id)(rows), { status: 'resolved', ...COLE }], false);
    const ctx = context();
    const ask = () => run(resolvePlayers, { players: [{ player_id: BAKER.player_id }] }, ctx);
    await ask();
    const { body } = await ask();
    expect(resolveBodies).toEqual([['pb'], ['pb']]);
    expect(body.data).toMatchObject([{ query: BAKER.player_id, status: 'unanswered' }]);
    const strays = body.notes.filter((note: string) => note.includes('left out'));
    expect(strays).toEqual([expect.stringContaining('1 row of the')]);
  });
});

describe('resolve_players: how a row tells the query it answers', () => {
  /** resolve-batch answered with `data` whatever was asked. */
  function answerWith(data: Row[]) {
    upstream.pool
      .intercept({ path: '/v1/players/resolve-batch', method: 'POST' })
      .reply(200, { data }, { headers: JSON_HEADERS });
  }

  it('without an echo, a name query by the words of the name (and club) the row carries', async () => {
    answerWith([
      { status: 'resolved', ...ABLE, club: 'Alan Able FC' },
      { status: 'resolved', ...COLE, club: 'Carl Cole FC' },
    ]);
    const { body } = await run(resolvePlayers, {
      players: [{ name: 'COLE' }, { name: 'Alan Ablé', club: 'Able FC' }],
    });
    expect(body.data.map((r: { service_id: string }) => r.service_id)).toEqual([
      COLE.service_id,
      ABLE.service_id,
    ]);
  });

  it('an id asked with the name it is known by: a row without echo or that id is tied by the name, Ø as O', async () => {
    answerWith([
      { status: 'resolved', player_id: 'p_now', service_id: 'ds_oooooooooooooooo', name: 'Martin Ødegård' },
    ]);
    const { body } = await run(resolvePlayers, {
      players: [{ player_id: 'p_last', name: 'Martin Odegard' }],
    });
    expect(body.data).toMatchObject([{ status: 'resolved', service_id: 'ds_oooooooooooooooo' }]);
  });

  it('a row that answers one query by its id and another by a known name goes to the id', async () => {
    answerWith([{ status: 'resolved', ...ABLE }]);
    const { body } = await run(resolvePlayers, {
      players: [{ player_id: 'p_other', name: ABLE.name }, { player_id: ABLE.player_id }],
    });
    expect(body.data).toMatchObject([
      { status: 'unanswered' },
      { status: 'resolved', service_id: ABLE.service_id },
    ]);
  });

  it('an echoed id sent back as a number ties its row to the id asked as text', async () => {
    answerWith([
      { query: { player_id: 202 }, player_id: 202, service_id: 'ds_2222222222222222' },
      { query: { id_joueur: 101 }, player_id: 101, service_id: 'ds_1111111111111111' },
    ]);
    const { body } = await run(resolvePlayers, { players: [{ player_id: '101' }, { player_id: '202' }] });
    expect(body.data).toMatchObject([
      { player_id: '101', service_id: 'ds_1111111111111111' },
      { player_id: '202', service_id: 'ds_2222222222222222' },
    ]);
  });

  it('two different rows for one query: neither is trusted, both are named', async () => {
    answerWith([
      { query: { player_id: 'pa' }, status: 'resolved', ...ABLE },
      { query: { player_id: 'pa' }, status: 'resolved', ...COLE },
    ]);
    const { body } = await run(resolvePlayers, { players: [{ player_id: 'pa' }] });
    expect(body.data).toMatchObject([{ query: 'pa', status: 'unanswered', service_id: null }]);
    expect(body.notes.join('\n')).toContain(
      'left out: Alan Able (row pa, ds_aaaaaaaaaaaaaaaa); Carl Cole (row pc, ds_cccccccccccccccc).',
    );
  });
});

describe('update_watchlist: an added player without a row', () => {
  it('refuses the change, naming him, instead of adding the others alone', async () => {
    answer((rows) => without('p_unknown')(rows).toReversed());
    const { result, text } = await run(updateWatchlist, {
      watchlist: 'Shortlist',
      add: [{ player_id: ABLE.player_id }, { player_id: 'p_unknown' }, { player_id: COLE.player_id }],
    });
    expect(result.isError).toBe(true);
    expect(text).toMatch(/^Nothing was changed: "p_unknown" has no row in the API's answer/);
    expect(await store.get(store.ownerOf(KEY), 'Shortlist')).toBeUndefined();
  });

  it('a row for a player nobody asked for is not added: only named in the notes', async () => {
    answer((rows) => [{ status: 'resolved', ...COLE }, ...rows], false);
    const { body } = await run(updateWatchlist, {
      watchlist: 'Shortlist',
      add: [{ player_id: ABLE.player_id }],
    });
    expect(await storedEntries()).toEqual([ABLE.service_id]);
    // A new list: its players are those added, the stray row not among them.
    expect(body.data.created).toBe(true);
    expect(body.data.players).toEqual([expect.objectContaining({ service_id: ABLE.service_id })]);
    expect(body.notes).toEqual([
      expect.stringContaining('left out: Carl Cole (row pc, ds_cccccccccccccccc).'),
    ]);
  });

  it('a row whose service_id could not be read is kept by row id, and said unread, never "not linked"', async () => {
    // The API's answer carries the person's id under a name nothing reads.
    answer((rows) => rows.map(({ service_id, ...row }) => ({ ...row, personKey: service_id })));
    const { result, text, body } = await run(updateWatchlist, {
      watchlist: 'Shortlist',
      add: [{ player_id: ABLE.player_id }],
    });
    expect(result.isError).toBeFalsy();
    expect(await storedEntries()).toEqual([ABLE.player_id]);
    expect(text).not.toMatch(/not linked/);
    expect(body.notes.join('\n')).toMatch(
      /Alan Able \(row pa\): kept by row id; their service_id could not be read/,
    );
  });
});

describe('update_watchlist: removing by name', () => {
  it('takes the plain spelling of a name spelt with ø and å', async () => {
    const owner = store.ownerOf(KEY);
    await store.update(owner, 'Shortlist', (_, now) => ({
      ...newWatchlist('Shortlist', now),
      entries: [
        { service_id: ABLE.service_id, name: 'Martin Ødegård', added_at: now },
        { service_id: COLE.service_id, name: COLE.name, added_at: now },
      ],
    }));
    const { result, body } = await run(updateWatchlist, {
      watchlist: 'Shortlist',
      remove: ['martin odegard'],
    });
    expect(result.isError).toBeFalsy();
    expect(body.data.removed).toEqual(['Martin Ødegård']);
    expect(await storedEntries()).toEqual([COLE.service_id]);
  });
});

describe('update_watchlist: an entry whose name could not be read', () => {
  /** Able listed with his name unread (the add's row carried it under a name nothing read), and Cole. */
  async function seedUnnamed() {
    await store.update(store.ownerOf(KEY), 'Shortlist', (_, now) => ({
      ...newWatchlist('Shortlist', now),
      entries: [
        { service_id: ABLE.service_id, name_unread: true, added_at: now },
        { service_id: COLE.service_id, name: COLE.name, added_at: now },
      ],
    }));
  }

  it('a later change names it unread, and a name matching none is not called absent', async () => {
    await seedUnnamed();
    const { body } = await run(updateWatchlist, { watchlist: 'Shortlist', remove: [ABLE.name] });
    expect(await storedEntries()).toEqual([ABLE.service_id, COLE.service_id]);
    const notes = body.notes.join('\n');
    expect(notes).not.toContain('Not in the watchlist');
    expect(notes).toContain(`Not removed: ${ABLE.name}`);
    expect(body.unread).toContain('name');
  });

  it('removed by service_id: given apart by id, never under his id as his name', async () => {
    await seedUnnamed();
    const { body } = await run(updateWatchlist, { watchlist: 'Shortlist', delete: true });
    expect(body.data.removed).toEqual([COLE.name]);
    expect(body.data.removed_unnamed).toEqual([ABLE.service_id]);
  });
});
