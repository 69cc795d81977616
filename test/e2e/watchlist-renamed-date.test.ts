// The date of the data under a made-up name (the `rename` style, every open field renamed): a weekly
// report keys its week by the fetch time and says the API's date was unread while nothing tells which
// name it is, and by the API's date, the plain API's, once the records of two players agree on one.
import { describe, expect, it } from 'vitest';
import { call, openSandboxSession, structured, textOf } from '../support/mcp.js';
import { idsOf } from '../support/tool-plans.js';

/** Every open field name a made-up word: data_as_of among them. */
const RENAMED = 'z7:rename';

async function plainFacts() {
  const plain = await openSandboxSession();
  try {
    const ids = await idsOf(plain.client);
    const res = await fetch(`${plain.sandbox.url}/v1/players/${encodeURIComponent(ids.sid)}`, {
      headers: { 'X-API-Key': plain.sandbox.demoKey },
    });
    const body = (await res.json()) as { data: { data_as_of: string } };
    return { ids, date: body.data.data_as_of };
  } finally {
    await plain.close();
  }
}

describe('a watchlist week on an API whose date of the data has a made-up name', () => {
  it("is the fetch time's, saying data_as_of was unread; the API's own once two records agree", async () => {
    const { ids, date } = await plainFacts();
    const add = { add: [{ player_id: ids.sid }, { player_id: ids.pid[1] }] };

    const first = await openSandboxSession({ style: RENAMED });
    try {
      await call(first.client, 'update_watchlist', { watchlist: 'Unread', ...add });
      const report = await call(first.client, 'watchlist_report', { watchlist: 'Unread' });
      const { data, notes } = structured(report);
      expect(data.week).toMatchObject({ from: 'fetch_time', unread: 'data_as_of' });
      expect(data.data_as_of).toBeNull();
      expect(notes.join('\n')).toMatch(/Could not read: "?data_as_of\b/);
      expect(textOf(report)).toContain('data_as_of, could not be read');
      expect(textOf(report)).not.toContain('the API gave no date');
    } finally {
      await first.close();
    }

    const learning = await openSandboxSession({ style: RENAMED });
    try {
      for (const player_id of ids.pid) await call(learning.client, 'get_player', { player_id });
      await call(learning.client, 'update_watchlist', { watchlist: 'Learned', ...add });
      const { data } = structured(await call(learning.client, 'watchlist_report', { watchlist: 'Learned' }));
      expect(data.week).toEqual({ key: date, from: 'api_date' });
      expect(data.data_as_of).toBe(date);
    } finally {
      await learning.close();
    }
  });
});
