// search_teams says the season its rows carry: once, in its first line, when they agree; row by row when
// they differ (an API may answer a search across seasons), never "as the API decides" when it said, nor
// when no row could be read: then their season could not be either.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxClient, structured, textOf } from '../support/mcp.js';

const TEAMS = [
  { team_id: 't1', name: 'Racing Nord', league: 'Ligue 1', country: 'France', city: 'Lens', season: '25-26' },
  { team_id: 't2', name: 'Racing Sud', league: 'Ligue 1', country: 'France', city: 'Nîmes', season: '26-27' },
];

/**
 * Teams under names nothing reads, with values no other answer held (from which the names would be
 * learned): no row can be read.
 */
const UNNAMED = [
  { zorbid: 'u7', quillo: 'Stade Ouest', plimu: 'Ligue 1', grask: 'Brest', romo: '26-27' },
  { zorbid: 'u8', quillo: 'Union Est', plimu: 'Ligue 1', grask: 'Metz', romo: '26-27' },
];

let upstream: Server;
let baseUrl: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    res.setHeader('content-type', 'application/json');
    if (path !== '/v1/teams') {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'not found' }));
      return;
    }
    const unnamed = [...new URL(req.url ?? '/', 'http://x').searchParams.values()].includes('Unnamed');
    res.end(JSON.stringify({ data: unnamed ? UNNAMED : TEAMS }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

it('names each row of a different season, in both forms', async () => {
  const { client, close } = await sandboxClient(baseUrl, 'teams-seasons-key');
  try {
    const result = await client.callTool({ name: 'search_teams', arguments: { query: 'Racing' } });
    const text = textOf(result);
    expect(result.isError, text).toBeFalsy();
    expect(text.split('\n')[0]).toMatch(/^Seasons 25-26, 26-27: the rows differ/);
    expect(text).toMatch(/\| team \| league \| country \| city \| coach \| season \| team_id \|/);
    expect(text).toContain('| Racing Nord | Ligue 1 | France | Lens |');
    expect(text).toMatch(/\| Racing Sud \| .*\| 26-27 \| t2 \|/);
    const body = structured(result);
    expect(body.season).toBeNull();
    expect(body.data.map((t: { season: string }) => t.season)).toEqual(['25-26', '26-27']);
    expect(body.notes).toContainEqual(
      expect.stringMatching(/rows from different seasons: Racing Nord 25-26, Racing Sud 26-27/),
    );
  } finally {
    await close();
  }
});

it('says the season unread, not current, when no team could be read', async () => {
  const { client, close } = await sandboxClient(baseUrl, 'teams-seasons-key');
  try {
    const result = await client.callTool({ name: 'search_teams', arguments: { query: 'Unnamed' } });
    const text = textOf(result);
    expect(result.isError, text).toBeFalsy();
    expect(text.split('\n')[0]).toBe('Season: unread (see the note).');
    const body = structured(result);
    expect(body.data).toEqual([]);
    expect(body.season).toBeNull();
    expect(body.notes).toContainEqual(
      expect.stringMatching(
        /^None of the 2 teams could be read: .*so no team is shown, their season cannot be told\./,
      ),
    );
  } finally {
    await close();
  }
});
