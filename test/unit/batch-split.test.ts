// A batch that fails for one id answers the others and names it, whatever the ids' order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../src/api/client.js';
import { NotFoundError, QuotaExhaustedError } from '../../src/api/errors.js';
import { answerWhatYouCan, unansweredFields, unansweredNotes } from '../../tools/kit/batch-split.js';
import { propertyRuns } from '../support/sample.js';

type Row = { player_id: string; service_id: null };

/** An API that refuses a whole batch with 404 when any id in it is bad; ids must number at least `min`. */
function api(bad: ReadonlySet<string>, min: number) {
  const sent: string[][] = [];
  const call = async (ids: readonly string[]): Promise<ApiResult<Row[]>> => {
    sent.push([...ids]);
    if (ids.length < min) throw new Error(`asked ${ids.length} ids, fewer than ${min}`);
    if (ids.some((id) => bad.has(id))) throw new NotFoundError();
    return {
      data: ids.map((id) => ({ player_id: id, service_id: null })),
      quota: { limit: 100, remaining: 50, reset: null },
      source: { cached: false, fetched_at: '2026-11-25T12:00:00Z' },
    } as unknown as ApiResult<Row[]>;
  };
  return { call, sent };
}

describe('answerWhatYouCan', () => {
  it('answers every good id in the order asked and names every bad one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: 2, maxLength: 10 }),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        fc.integer({ min: 1, max: 2 }),
        async (numbers, badness, min) => {
          const ids = numbers.map((n) => `p${n}`);
          const bad = new Set(ids.filter((_, i) => badness[i]));
          const good = ids.filter((id) => !bad.has(id));
          const { call } = api(bad, min);
          const result = await answerWhatYouCan(ids, call, min).catch((error: Error) => error);
          if (result instanceof Error) {
            // Only when no id could be answered: fewer good ids than a request takes, or more bad ones
            // than good, so that the search for a good group may run out of its budget.
            expect(result).toBeInstanceOf(NotFoundError);
            expect(good.length < min || bad.size * 2 > ids.length).toBe(true);
            return;
          }
          const answered = result.data.map((r) => r.player_id);
          expect(answered).toEqual(good.filter((id) => answered.includes(id)));
          for (const id of bad)
            expect(result.unanswered.find((u) => u.id === id)?.reason).toMatch(
              /^no row|could not be asked alone/,
            );
          // A good id left out is never called a missing row: only one that could not be asked alone.
          for (const id of good.filter((g) => !answered.includes(g)))
            expect(result.unanswered.find((u) => u.id === id)?.reason).toMatch(/could not be asked alone/);
          expect(result.requests).toBeLessThanOrEqual(1 + 3 * ids.length);
          // The structure names the same ids as the notes: every id asked and not shown.
          const named = unansweredFields(result).unanswered?.map((u) => u.id) ?? [];
          expect(new Set(named)).toEqual(new Set(ids.filter((id) => !answered.includes(id))));
        },
      ),
      {
        ...propertyRuns('batch split'),
        // Once failed: 10 ids, 5 of them bad, batches of at least 2 (the search gave up at half bad).
        examples: [
          [
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
            [true, false, true, false, true, false, true, false, true, false],
            2,
          ],
        ],
      },
    );
  });

  it('answers every good id whenever at most half are bad, for every set of bad ids among up to 10', async () => {
    const missed: string[] = [];
    for (let n = 2; n <= 10; n++) {
      const ids = Array.from({ length: n }, (_, i) => `p${i}`);
      for (let mask = 0; mask < 2 ** n; mask++) {
        const bad = new Set(ids.filter((_, i) => mask & (2 ** i)));
        const good = ids.filter((id) => !bad.has(id));
        if (good.length < 2 || bad.size * 2 > n) continue;
        const result = await answerWhatYouCan(ids, api(bad, 2).call, 2).catch(() => undefined);
        const answered = result?.data.map((r) => r.player_id) ?? [];
        if (answered.join() !== good.join() || (result?.requests ?? 0) > 1 + 3 * n)
          missed.push(`bad ${[...bad].join(',')} of ${n}: answered ${answered.join(',') || 'none'}`);
      }
    }
    expect(missed).toEqual([]);
  });

  it('sends one request when every id answers', async () => {
    const { call, sent } = api(new Set(), 2);
    const result = await answerWhatYouCan(['a', 'b', 'c'], call, 2);
    expect(sent).toEqual([['a', 'b', 'c']]);
    expect(result.unanswered).toEqual([]);
  });

  it('does not split a failure that is not about an id', async () => {
    let calls = 0;
    const spent = async (): Promise<ApiResult<Row[]>> => {
      calls++;
      throw new QuotaExhaustedError('2026-11-26T00:00:00Z');
    };
    await expect(answerWhatYouCan(['a', 'b', 'c'], spent, 2)).rejects.toBeInstanceOf(QuotaExhaustedError);
    expect(calls).toBe(1);
  });

  it('names the players an answer leaves out without refusing any, or how many at least', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: 2, maxLength: 10 }),
        fc.array(fc.constantFrom('row', 'left out', 'other id'), { minLength: 10, maxLength: 10 }),
        async (numbers, fates) => {
          const ids = numbers.map((n) => `p${n}`);
          const fate = (i: number) => fates[i] as string;
          // The API answers each id with its row, with no row, or with a row under another id (an old
          // player_id answered under the current one).
          const call = async (asked: readonly string[]) =>
            ({
              data: asked.flatMap((id, i) =>
                fate(i) === 'left out'
                  ? []
                  : [{ player_id: fate(i) === 'row' ? id : `${id}-now`, service_id: null }],
              ),
              quota: { limit: 100, remaining: 50, reset: null },
              source: { cached: false, fetched_at: '2026-11-25T12:00:00Z' },
            }) as unknown as ApiResult<Row[]>;
          const result = await answerWhatYouCan(ids, call, 2);
          const left = ids.filter((_, i) => fate(i) === 'left out');
          const strays = ids.filter((_, i) => fate(i) === 'other id').length;
          const notes = unansweredNotes(result).join('\n');
          const label = JSON.stringify({ ids, fates: fates.slice(0, ids.length) });
          const fields = unansweredFields(result);
          if (left.length === 0) {
            expect(notes, label).toBe('');
            expect(fields, label).toEqual({});
            return;
          }
          // The structure says what the notes say: the ids left out, or the ids among which they are.
          const inStructure = fields.unanswered?.map((u) => u.id) ?? [];
          if (strays === 0) expect(inStructure, label).toEqual(left);
          else {
            for (const id of left) expect(inStructure, label).toContain(id);
            const reasons = fields.unanswered?.map((u) => u.reason) ?? [];
            for (const reason of reasons) expect(reason, label).toContain(`at least ${left.length} of`);
          }
          for (const [i, id] of ids.entries())
            if (fate(i) === 'row') expect(inStructure, label).not.toContain(id);
          // Every id left out is named; one shown under its own id never is (alone, nor as a prefix).
          const named = (id: string) => new RegExp(`\\b${id}\\b(?!-)`).test(notes);
          for (const id of left) expect(named(id), label).toBe(true);
          for (const [i, id] of ids.entries()) if (fate(i) === 'row') expect(named(id), label).toBe(false);
          // Beside rows under other ids, which ids lack a row cannot be told: how many at least.
          expect(notes, label).toMatch(
            strays === 0 ? /^Not in the API's answer/ : new RegExp(`^At least ${left.length} of`),
          );
        },
      ),
      propertyRuns('batch left out'),
    );
  });
});
