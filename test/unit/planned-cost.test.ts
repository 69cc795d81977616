// A call's cost beside its plan: a run that sent more than it planned names each retry and what the
// attempt before it met, in both forms, as a watchlist refresh does.
import { describe, expect, it } from 'vitest';
import { countRetry, countSent, tallyRequests } from '../../src/api/request-tally.js';
import { plan, plannedCost, plannedCostText } from '../../tools/kit/plan.js';

describe('plannedCost', () => {
  it('names the retries of a run past its plan', async () => {
    const { value } = await tallyRequests(async () => {
      countSent();
      countSent();
      countRetry({ route: 'compare', after: 'a 503' });
      countSent();
      return plannedCost(plan([[2, 'the glossary check, the compare']]));
    });
    expect(value).toEqual({
      planned: 2,
      sent: 3,
      from_cache: 0,
      retried: [{ route: 'compare', after: 'a 503' }],
    });
    expect(plannedCostText(value)).toBe(
      'Requests: 3 sent, 0 from the cache; more than the 2 planned: the compare request was retried after a 503.',
    );
  });

  it('a run within its plan says the plan; one without retries keeps no retried field', async () => {
    const { value } = await tallyRequests(async () => {
      countSent();
      return plannedCost(plan([[3, 'up to 3 pages']]));
    });
    expect(value).toEqual({ planned: 3, sent: 1, from_cache: 0 });
    expect(plannedCostText(value)).toBe('Requests: 1 sent, 0 from the cache (planned at most 3).');
  });
});
