// One tool call that needs several upstream answers: they run in parallel, progress is reported as
// they land, and an optional part that fails is recorded in the result instead of failing the call.
// What they spent is the run's own tally (src/api/request-tally.ts), counted by the client.
import { z } from 'zod';
import type { ApiResult, Source } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { Quota } from '../../src/api/quota.js';
import { requestsSpent, retriesSpent } from '../../src/api/request-tally.js';
import type { ToolContext } from '../../src/mcp/context.js';
import { errorText } from '../../src/mcp/result.js';
import { announcePlan, type Plan, PlannedCostOut, plannedCostText } from './plan.js';

/** What a gathering spent; `planned`: the most requests it said beforehand it would send. */
export const CostOut = z.object({
  planned: z.number().optional(),
  sent: z.number(),
  from_cache: z.number(),
  retried: PlannedCostOut.shape.retried,
});
export type Cost = z.infer<typeof CostOut>;

/** A section's 404 once its record exists: the likely cause is an assumed route, not the id. */
export const SECTION_ROUTE_MISSING =
  'The API answered 404 for this section: its route is assumed and may differ on this API; a routes file can remap it (README, "Remapping routes").';

export const PartFailureOut = z.object({ section: z.string(), error: z.string() });
export type PartFailure = z.infer<typeof PartFailureOut>;

export class Gathering {
  readonly failures: PartFailure[] = [];
  /** Aborts with the client's cancellation, or when a required part fails (the rest is moot). */
  readonly signal: AbortSignal;
  private readonly stop = new AbortController();
  private done = 0;
  private oldest: string | undefined;
  /** Whether every part was answered from the cache: none answered by the upstream, not even refused. */
  private allCached = true;
  /** The oldest stale answer among the parts, in seconds; undefined when none was stale. */
  private staleAge: number | undefined;
  /** Parts not settled yet: a failed call waits for them, so none of its requests outlives its answer. */
  private readonly running = new Set<Promise<unknown>>();

  /**
   * `plan`: the requests the parts mean to send (kit/plan.ts), said to the client before any is sent and
   * given beside what they spent.
   */
  constructor(
    private readonly total: number,
    private readonly ctx: ToolContext,
    private readonly plan?: Plan,
  ) {
    this.signal = AbortSignal.any([ctx.signal, this.stop.signal]);
    if (plan) announcePlan(ctx, plan, total);
  }

  /** A part the result cannot do without: its failure fails the call and stops the other parts. */
  async required<T>(label: string, request: (signal: AbortSignal) => Promise<ApiResult<T>>): Promise<T> {
    try {
      return await this.part(label, request);
    } catch (error) {
      this.stop.abort();
      await Promise.allSettled([...this.running]);
      throw error;
    }
  }

  /**
   * A part whose failure (403 plan, 404, 5xx...) is reported in `failures` and yields undefined;
   * `notFound` says what a 404 of this part means.
   */
  async optional<T>(
    label: string,
    request: (signal: AbortSignal) => Promise<ApiResult<T>>,
    notFound?: string,
  ): Promise<T | undefined> {
    try {
      return await this.part(label, request);
    } catch (error) {
      if (this.ctx.signal.aborted || !(error instanceof ApiError)) throw error;
      if (!this.stop.signal.aborted)
        this.failures.push({ section: label, error: errorText(error, this.ctx.logger, notFound) });
      return undefined;
    }
  }

  /** What the whole call has spent upstream so far: every request of its run, made here or not. */
  cost(): Cost {
    const retried = retriesSpent();
    return {
      ...(this.plan ? { planned: this.plan.total } : {}),
      ...requestsSpent(),
      ...(retried.length > 0 ? { retried } : {}),
    };
  }

  /** Cached only when every part was; dated by the oldest part; stale when any part was. */
  source(): Source {
    return {
      cached: this.allCached,
      fetched_at: this.oldest ?? new Date().toISOString(),
      ...(this.staleAge !== undefined ? { stale: true, age_s: this.staleAge } : {}),
    };
  }

  quota(): Quota {
    return this.ctx.api.quota.current();
  }

  /** The envelope's quota and source for a result built from these parts. */
  envelope(): { quota: Quota; source: Source } {
    return { quota: this.quota(), source: this.source() };
  }

  private async part<T>(label: string, request: (signal: AbortSignal) => Promise<ApiResult<T>>): Promise<T> {
    let ok = false;
    const asked = request(this.signal);
    this.running.add(asked);
    try {
      const { source, data } = await asked;
      if (!source.cached) this.allCached = false;
      if (source.stale) this.staleAge = Math.max(this.staleAge ?? 0, source.age_s ?? 0);
      if (this.oldest === undefined || source.fetched_at < this.oldest) this.oldest = source.fetched_at;
      ok = true;
      return data;
    } catch (error) {
      if (error instanceof ApiError && error.status !== undefined) this.allCached = false;
      throw error;
    } finally {
      this.running.delete(asked);
      this.done += 1;
      if (!this.signal.aborted)
        this.ctx.progress(this.done, this.total, `${label} ${ok ? 'done' : 'failed'}`);
    }
  }
}

/** What a gathering spent, as its text says it (its structured form has it as `requests`). */
export function requestsText(cost: Cost): string {
  const { planned, sent, from_cache, retried } = cost;
  if (planned === undefined) return `Upstream requests: ${sent} sent, ${from_cache} served from the cache.`;
  return plannedCostText({ planned, sent, from_cache, ...(retried ? { retried } : {}) });
}

/** The notes a result carries about parts that failed. */
export function failureNotes(failures: readonly PartFailure[]): string[] {
  return failures.map((f) => `${f.section} unavailable: ${f.error}`);
}

/** Failed sections as the club and account tools report them: notes, and a `failed_sections` record. */
export function sectionReport(failures: readonly PartFailure[]): {
  notes: string[];
  failed_sections?: Record<string, string>;
} {
  if (failures.length === 0) return { notes: [] };
  return {
    notes: failures.map((f) => `section ${f.section} unavailable: ${f.error}`),
    failed_sections: Object.fromEntries(failures.map((f) => [f.section, f.error])),
  };
}
