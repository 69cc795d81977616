// What a call that may send more than one request will cost, said before it spends (a progress
// notification, as the watchlist refresh announces its plan) and again in its answer beside what it
// spent (the run's tally, src/api/request-tally.ts). A plan is an upper bound of the requests the call
// means to send; a run that sent more says why it may have (retries are counted as sent).
import { z } from 'zod';
import { requestsSpent, retriesSpent } from '../../src/api/request-tally.js';
import type { ToolContext } from '../../src/mcp/context.js';

export const PlannedCostOut = z.object({
  planned: z.number(),
  sent: z.number(),
  from_cache: z.number(),
  /** Each request sent again, by route, and what the attempt before it met (a 503, a timeout). */
  retried: z.array(z.object({ route: z.string(), after: z.string() })).optional(),
});
export type PlannedCost = z.infer<typeof PlannedCostOut>;

export interface Plan {
  /** The most requests the call means to send (cached answers are free). */
  total: number;
  /** What they are, in words: "2 league lists (1 page each), up to 5 player records". */
  parts: string[];
}

/** A plan of the parts that may cost something (each `[requests, words]`; parts costing 0 are left out). */
export function plan(parts: ReadonlyArray<readonly [number, string]>): Plan {
  const counted = parts.filter(([n]) => n > 0);
  return { total: counted.reduce((sum, [n]) => sum + n, 0), parts: counted.map(([, words]) => words) };
}

/** "up to 3 requests (1 role list, 2 league lists)". */
export function planWords({ total, parts }: Plan): string {
  return `up to ${total} request${total === 1 ? '' : 's'}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

/**
 * Says the plan to the client before anything is sent, when it may cost more than one request; `steps`:
 * the total the call's later progress counts in (its parts), the plan's requests when it has none.
 */
export function announcePlan(ctx: Pick<ToolContext, 'progress'>, what: Plan, steps = what.total): void {
  if (what.total > 1) ctx.progress(0, steps, `${planWords(what)}; cached answers are free`);
}

/** What the run spent so far, beside its plan, and its retries (counted as sent) when it made any. */
export function plannedCost(what: Plan): PlannedCost {
  const retried = retriesSpent();
  return { planned: what.total, ...requestsSpent(), ...(retried.length > 0 ? { retried } : {}) };
}

/** The cost as the text says it; a run past its plan says why: its retries by name, else what may have. */
export function plannedCostText({ planned, sent, from_cache, retried = [] }: PlannedCost): string {
  if (planned === 0 && sent === 0 && from_cache === 0) return 'Requests: none.';
  const why =
    retried.length > 0
      ? retried.map((r) => `the ${r.route} request was retried after ${r.after}`).join(', ')
      : 'a failed request was retried, a list read more than one page, or an answer was asked again';
  const over =
    sent > planned ? `; more than the ${planned} planned: ${why}` : ` (planned at most ${planned})`;
  return `Requests: ${sent} sent, ${from_cache} from the cache${over}.`;
}

/** The plan of a record and its sections, one request each (a list section's first page). */
export function sectionsPlan(parts: number): Plan {
  const sections = parts - 1;
  return plan([
    [
      parts,
      `the record${sections > 0 ? `, ${sections} section${sections === 1 ? '' : 's'} (one page each)` : ''}`,
    ],
  ]);
}
