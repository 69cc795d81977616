// What the API says in words, through the built server: a ranking whose answer carries a warning beside
// its rows shows the rows and the warning; a scouting answer marked failed in a 200 is an error quoting
// the API, never "(no rows)", and is not kept: asked again, it is sent again; a search answered 202 (taken,
// not finished) is an error saying so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientOnDeps, call, callOk, sandboxClient, textOf, useSandbox } from '../support/mcp.js';
import { startProxy, type TestProxy } from '../support/proxy.js';

const sandbox = useSandbox();
const WARNING = 'season 25-26 incomplete: 12 of 34 rounds';
let proxy: TestProxy;
let session: ClientOnDeps;
let scoutings = 0;
let searches = 0;

beforeAll(async () => {
  proxy = await startProxy(sandbox.url, (path) => {
    if (path.startsWith('/v1/rankings'))
      return { reshape: (body) => ({ ...(body as object), meta: { warnings: [WARNING] } }) };
    if (path.startsWith('/v1/players/search')) {
      searches += 1;
      return { status: 202, body: JSON.stringify({ status: 'queued', job_id: 'j1' }) };
    }
    if (path.startsWith('/v1/scouting')) {
      scoutings += 1;
      return { reshape: () => ({ success: false, data: [], message: 'No league named "Ligue 7"\nretry' }) };
    }
    return 'pass';
  });
  session = await sandboxClient(proxy.url, sandbox.demoKey);
});
afterAll(async () => {
  await session?.close();
  await proxy?.close();
});

describe('what the API says in words', () => {
  it('beside the rows: the rows and the words, in a note', async () => {
    const { body, text } = await callOk(session.client, 'rank_players_by_role', {
      role: 'poacher',
      limit: 3,
    });
    expect(body.data).toHaveLength(3);
    const said = `The API's answer also said: "${WARNING}".`;
    expect(text).toContain(said);
    expect(body.notes).toContain(said);
  });

  it('a failure marked in a 200: an error quoting the API on one line, sent again when asked again', async () => {
    for (let i = 1; i <= 2; i++) {
      const result = await call(session.client, 'scout_players', { roles: ['poacher'], limit: 3 });
      const text = textOf(result);
      expect(result.isError).toBe(true);
      expect(text).toContain('marked its answer as failed (success: false)');
      expect(text).toContain(JSON.stringify('No league named "Ligue 7" retry'));
      expect(text).not.toContain('(no rows)');
      expect(text).toContain('one request, counted against the daily quota, and calling again');
      expect(scoutings).toBeGreaterThanOrEqual(i);
    }
  });

  it('a 202 (taken, not finished): an error saying so and what it cost, never "(no rows)"', async () => {
    const before = searches;
    const result = await call(session.client, 'search_players', { query: 'Gareuil' });
    const text = textOf(result);
    expect(result.isError, text).toBe(true);
    expect(text).toContain('has not finished it (HTTP 202)');
    expect(text).not.toContain('(no rows)');
    // Every try reached the API, and the text counts them all.
    expect(searches - before).toBeGreaterThan(1);
    expect(text).toContain(`It was asked ${searches - before} times, each a request counted against`);
  });
});
