// ApiClient.callItems: a batch route answered item by item, each item's row cached on its own.
import { describe, expect, it } from 'vitest';
import { FitScoreResponse } from '../../src/api/schemas.js';
import { fetchFits } from '../../tools/kit/fits.js';
import { clientFor, JSON_HEADERS, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();

const fitRow = (id: string) => ({
  player_id: id,
  service_id: `ds_${id}`,
  name: `Player ${id}`,
  fits: [{ club: 'FC Lens', score: id.length }],
});

/** Answers each fit-score request with one row per id asked, or with `answer` when given. */
function fitUpstream(answer?: (ids: string[]) => unknown) {
  upstream.pool
    .intercept({ path: '/v1/fit-score', method: 'POST' })
    .reply((request) => {
      const ids = (JSON.parse(String(request.body)) as { player_ids: string[] }).player_ids;
      const data = JSON.stringify(answer ? answer(ids) : { data: ids.map(fitRow) });
      return { statusCode: 200, data, responseOptions: { headers: JSON_HEADERS } };
    })
    .persist();
}

const askedIds = () =>
  upstream.sent.map((r) => (JSON.parse(r.body ?? '{}') as { player_ids: string[] }).player_ids);
const signal = new AbortController().signal;

describe('ApiClient.callItems', () => {
  it('asks only for the items no earlier batch answered, and nothing when all are known', async () => {
    fitUpstream();
    const api = clientFor(upstream);
    const first = await fetchFits(api, { player_ids: ['p1', 'p2', 'p3'], club: 'FC Lens' }, signal);
    expect(first.source.cached).toBe(false);
    expect(first.data.map((r) => r.player_id)).toEqual(['p1', 'p2', 'p3']);
    const single = await fetchFits(api, { player_ids: ['p2'], club: 'FC Lens' }, signal);
    expect(single.data).toEqual([fitRow('p2')]);
    expect(single.source.cached).toBe(true);
    const mixed = await fetchFits(api, { player_ids: ['p3', 'p4', 'p1'], club: 'FC Lens' }, signal);
    expect(mixed.data.map((r) => r.player_id)).toEqual(['p3', 'p4', 'p1']);
    expect(mixed.source.cached).toBe(false);
    expect(askedIds()).toEqual([['p1', 'p2', 'p3'], ['p4']]);
  });

  it('keeps items of different questions apart (another club is another item)', async () => {
    fitUpstream();
    const api = clientFor(upstream);
    await fetchFits(api, { player_ids: ['p1'], club: 'FC Lens' }, signal);
    await fetchFits(api, { player_ids: ['p1'], club: 'Stade Rennais' }, signal);
    await fetchFits(api, { player_ids: ['p1'] }, signal);
    expect(upstream.sent).toHaveLength(3);
  });

  it('falls back to the whole batch, unsplit, when the rows do not match the items asked', async () => {
    // The upstream answers an old player_id with the player's current row: no row carries "old".
    fitUpstream((ids) => ({ data: ids.map((id) => fitRow(id === 'old' ? 'current' : id)) }));
    const api = clientFor(upstream);
    await fetchFits(api, { player_ids: ['p1'] }, signal);
    const result = await fetchFits(api, { player_ids: ['p1', 'old'] }, signal);
    expect(result.data.map((r) => r.player_id)).toEqual(['p1', 'current']);
    expect(askedIds()).toEqual([['p1'], ['old'], ['p1', 'old']]);
    // The unsplit answer is cached as a batch all the same.
    await fetchFits(api, { player_ids: ['p1', 'old'] }, signal);
    expect(upstream.sent).toHaveLength(3);
  });

  it('an item the split leaves without a row comes back undefined and is asked again; the others are kept', async () => {
    // The upstream leaves "gone" out; a split that ties rows by id has nothing for it.
    fitUpstream((ids) => ({ data: ids.filter((id) => id !== 'gone').map(fitRow) }));
    const api = clientFor(upstream);
    const byId = () =>
      api.callItems('fitScore', FitScoreResponse, {
        items: ['p1', 'gone'],
        body: (ids) => ({ player_ids: ids }),
        split: ({ data }, ids) => ids.map((id) => data.find((r) => r.player_id === id)),
        rows: ({ data }) => data,
      });
    const first = await byId();
    expect(first.data).toEqual([fitRow('p1'), undefined]);
    const again = await byId();
    expect(again.data).toEqual([fitRow('p1'), undefined]);
    // Asked again each time, not answered from the cached answer of the batch that had no row for it.
    await byId();
    expect(askedIds()).toEqual([['p1', 'gone'], ['gone'], ['gone']]);
  });

  it('stores nothing per item when the batch fails', async () => {
    upstream.pool
      .intercept({ path: '/v1/fit-score', method: 'POST' })
      .reply(404, { error: { message: 'no' } });
    fitUpstream();
    const api = clientFor(upstream);
    await expect(
      api.callItems('fitScore', FitScoreResponse, {
        items: ['p1'],
        body: (ids) => ({ player_ids: ids }),
        split: ({ data }) => data,
        rows: ({ data }) => data,
      }),
    ).rejects.toThrow();
    const again = await fetchFits(api, { player_ids: ['p1'] }, signal);
    expect(again.data).toEqual([fitRow('p1')]);
    expect(upstream.sent).toHaveLength(2);
  });
});
