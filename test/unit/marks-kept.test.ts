// An answer's unread marks live under a symbol, which JSON drops: an answer read from a store that
// serializes (the memory store's UTF-8, a file, Redis, another replica's) showed every unread field as
// absent. Its marks are kept beside it and put back, so a hit says what the first answer said.
import Keyv from 'keyv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NATIVE_JSON, ResponseCache } from '../../src/api/cache.js';
import { unreadMarks } from '../../src/api/reader/unread.js';
import { TeamResponse } from '../../src/api/schemas.js';
import { clientFor, JSON_HEADERS, mockUpstream, type Upstream } from './helpers.js';

let upstream: Upstream;
beforeEach(() => {
  upstream = mockUpstream();
});
afterEach(async () => {
  await upstream.agent.close();
});

/** A team whose coach and country come under names nothing reads. */
const TEAM = {
  data: {
    team_id: 't1',
    name: 'RC Lens',
    league: 'Ligue 1',
    zzkopf: { coach_id: 'c1', name: 'Will Still' },
    zzheimat: 'France',
  },
};

describe('a cached answer read from the store', () => {
  it('keeps the unread marks its first reading made, with no request', async () => {
    const store = new Keyv({ store: new Map(), ...NATIVE_JSON });
    upstream.pool
      .intercept({ path: (p) => p.startsWith('/v1/teams/t1'), method: 'GET' })
      .reply(200, TEAM, { headers: JSON_HEADERS });
    const first = new ResponseCache({ store });
    const fetched = await clientFor(upstream, { cache: first }).call('team', TeamResponse, {
      params: { id: 't1' },
    });
    const marks = unreadMarks(fetched.data.data);
    expect(marks?.fields).toHaveProperty('coach');
    await first.settled();

    // Another replica (or this one, its parsed copy gone) reads the stored JSON.
    const hit = await clientFor(upstream, { cache: new ResponseCache({ store }) }).call(
      'team',
      TeamResponse,
      {
        params: { id: 't1' },
      },
    );
    expect(hit.source.cached).toBe(true);
    expect(unreadMarks(hit.data.data)).toEqual(marks);
  });
});
