// A name learned applies to answers cached before it was learned: an answer whose reading left a field
// empty beside names nothing read keeps its raw body in the cache, and a hit read with fewer names than
// the client now knows is read again from it, with no request.

import Keyv from 'keyv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NATIVE_JSON, ResponseCache } from '../../src/api/cache.js';
import { RankingsResponse, ScoutingResponse } from '../../src/api/schemas.js';
import { NamesLearned } from '../../src/facts/names-learned.js';
import { clientFor, JSON_HEADERS, mockUpstream, type Upstream } from './helpers.js';

let upstream: Upstream;
beforeEach(() => {
  upstream = mockUpstream();
});
afterEach(async () => {
  await upstream.agent.close();
});

const PLAYERS = [
  { player_id: 'p1', service_id: 'ds_0000000000000001', name: 'Ann Lee', club: 'RC Lens', age: 21 },
  { player_id: 'p2', service_id: 'ds_0000000000000002', name: 'Bo Park', club: 'FC Metz', age: 24 },
  { player_id: 'p3', service_id: 'ds_0000000000000003', name: 'Cy Diaz', club: 'OGC Nice', age: 27 },
];
/** The players as a scouting answer names them: club under a name nobody gave. */
const scouted = (players: typeof PLAYERS) => ({
  data: players.map(({ club, ...p }) => ({ ...p, verbund: club })),
});

function answer(path: string, method: 'GET' | 'POST', body: object, times = 1) {
  upstream.pool
    .intercept({ path: (p) => p.startsWith(path), method })
    .reply(200, body, { headers: JSON_HEADERS })
    .times(times);
}

/** A cache on a store the test can look into, as another replica sharing it would read it. */
function sharedStore() {
  const entries = new Map<string, unknown>();
  const store = new Keyv({ store: entries, ...NATIVE_JSON });
  return { entries, cache: () => new ResponseCache({ store }) };
}

describe('an answer cached before a name was learned', () => {
  it.each([
    ['kept parsed', false],
    ['read from the store (another replica)', true],
  ])('is read with it on the next hit, %s, with no request', async (_, replica) => {
    const learner = new NamesLearned();
    const shared = sharedStore();
    const client = clientFor(upstream, { learner, cache: shared.cache() });
    answer('/v1/scouting', 'POST', scouted(PLAYERS.slice(0, 2)));
    const before = await client.call('scouting', ScoutingResponse, { body: { roles: ['mezzala'] } });
    expect(before.data.data.map((r) => r.club)).toEqual([undefined, undefined]);

    // A ranking tells the players' clubs; another scouting answer then teaches `verbund` as club.
    answer('/v1/rankings', 'GET', { data: PLAYERS.map((p, i) => ({ ...p, rank: i + 1, score: 80 - i })) });
    await client.call('rankings', RankingsResponse, { query: { role: 'mezzala' } });
    answer('/v1/scouting', 'POST', scouted(PLAYERS));
    await client.call('scouting', ScoutingResponse, { body: { roles: ['faux_9'] } });
    expect(learner.learned.map((l) => [l.field, l.name])).toEqual([['club', 'verbund']]);
    await client.settled();

    const sent = upstream.sent.length;
    const reader = replica ? clientFor(upstream, { learner, cache: shared.cache() }) : client;
    const after = await reader.call('scouting', ScoutingResponse, { body: { roles: ['mezzala'] } });
    expect(after.source.cached).toBe(true);
    expect(upstream.sent).toHaveLength(sent);
    expect(after.data.data.map((r) => r.club)).toEqual(['RC Lens', 'FC Metz']);
  });

  it('is kept raw only when its reading left a field a name could fill, and learning is on', async () => {
    const shared = sharedStore();
    const on = clientFor(upstream, { learner: new NamesLearned(), cache: shared.cache() });
    const off = clientFor(upstream, { learner: new NamesLearned({ learn: false }), cache: shared.cache() });
    answer('/v1/scouting', 'POST', { data: PLAYERS });
    await on.call('scouting', ScoutingResponse, { body: { roles: ['mezzala'] } });
    answer('/v1/scouting', 'POST', scouted(PLAYERS));
    await off.call('scouting', ScoutingResponse, { body: { roles: ['faux_9'] } });
    answer('/v1/scouting', 'POST', scouted(PLAYERS));
    await on.call('scouting', ScoutingResponse, { body: { roles: ['mezzala', 'faux_9'] } });
    await Promise.all([on.settled(), off.settled()]);
    const raw = [...shared.entries.values()].filter((v) => String(v).includes('"raw"'));
    expect(shared.entries.size).toBe(3);
    expect(raw).toHaveLength(1);
  });
});

describe('an answer from a shared store read again with names learned', () => {
  it('is read again once, then kept, though each hit gives a new object', async () => {
    const learner = new NamesLearned();
    const entries = new Map<string, unknown>();
    // A store that hands out a copy on every read (as Redis or a file does), and a cache that keeps none parsed.
    const store = new Keyv({ store: entries, ...NATIVE_JSON });
    const copying = { get: (key: string) => store.get(key).then((v) => structuredClone(v)) };
    const cache = () =>
      new ResponseCache({ store: Object.assign(Object.create(store), copying), maxBytes: 1 });
    const client = clientFor(upstream, { learner, cache: cache() });
    answer('/v1/scouting', 'POST', scouted(PLAYERS.slice(0, 2)));
    await client.call('scouting', ScoutingResponse, { body: { roles: ['mezzala'] } });
    answer('/v1/rankings', 'GET', { data: PLAYERS.map((p, i) => ({ ...p, rank: i + 1, score: 80 - i })) });
    await client.call('rankings', RankingsResponse, { query: { role: 'mezzala' } });
    answer('/v1/scouting', 'POST', scouted(PLAYERS));
    await client.call('scouting', ScoutingResponse, { body: { roles: ['faux_9'] } });
    expect(learner.learned.map((l) => l.name)).toEqual(['verbund']);
    await client.settled();

    const replica = clientFor(upstream, { learner, cache: cache() });
    let readings = 0;
    const learn = learner.learn.bind(learner);
    learner.learn = (...args) => {
      readings++;
      return learn(...args);
    };
    for (let i = 0; i < 3; i++) {
      const hit = await replica.call('scouting', ScoutingResponse, { body: { roles: ['mezzala'] } });
      expect(hit.source.cached).toBe(true);
      expect(hit.data.data.map((r) => r.club)).toEqual(['RC Lens', 'FC Metz']);
    }
    expect(readings).toBe(1);
  });
});
