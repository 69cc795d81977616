// search_teams says the season its rows carry: once, in its first line, when they agree; row by row when
// they differ (an API may answer a search across seasons), never "as the API decides" when it said, nor
// when no row could be read: then their season could not be either.
import { expect, it } from 'vitest';
import { sandboxClient, structured, textOf } from '../support/mcp.js';
import { useUpstream } from '../support/upstream.js';

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

const upstream = useUpstream((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  res.setHeader('content-type', 'application/json');
  if (url.pathname !== '/v1/teams') {
    res.statusCode = 404;
    res.end(JSON.stringify({ error: 'not found' }));
    return;
  }
  const unnamed = [...url.searchParams.values()].includes('Unnamed');
  res.end(JSON.stringify({ data: unnamed ? UNNAMED : TEAMS }));
});

/** search_teams on the upstream above, through an in-memory client of its own. */
async function searchTeams(query: string) {
  const { client, close } = await sandboxClient(upstream.url, 'teams-seasons-key');
  try {
    const result = await client.callTool({ name: 'search_teams', arguments: { query } });
    return { result, text: textOf(result), body: structured(result) };
  } finally {
    await close();
  }
}

it('names each row of a different season, in both forms', async () => {
  const { result, text, body } = await searchTeams('Racing');
  expect(result.isError, text).toBeFalsy();
  expect(text.split('\n')[0]).toMatch(/^Seasons 25-26, 26-27: the rows differ/);
  expect(text).toMatch(/\| team \| league \| country \| city \| coach \| season \| team_id \|/);
  expect(text).toContain('| Racing Nord | Ligue 1 | France | Lens |');
  expect(text).toMatch(/\| Racing Sud \| .*\| 26-27 \| t2 \|/);
  expect(body.season).toBeNull();
  expect(body.data.map((t: { season: string }) => t.season)).toEqual(['25-26', '26-27']);
  expect(body.notes).toContainEqual(
    expect.stringMatching(/rows from different seasons: Racing Nord 25-26, Racing Sud 26-27/),
  );
});

it('says the season unread, not current, when no team could be read', async () => {
  const { result, text, body } = await searchTeams('Unnamed');
  expect(result.isError, text).toBeFalsy();
  expect(text.split('\n')[0]).toBe('Season: unread (see the note).');
  expect(body.data).toEqual([]);
  expect(body.season).toBeNull();
  expect(body.notes).toContainEqual(
    expect.stringMatching(
      /^None of the 2 teams could be read: .*so no team is shown, their season cannot be told\./,
    ),
  );
});
