// One tool call that needs several upstream answers: they run in parallel, each is counted (sent
// upstream or served from the cache), progress is reported as they land, and an optional part
// that fails is recorded in the result instead of failing the call.
import { z } from 'zod';
import type { ApiResult, Source } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { Quota } from '../../src/api/quota.js';
import type { ToolContext } from '../../src/mcp/context.js';
import { errorText } from '../../src/mcp/result.js';

export const CostOut = z.object({ sent: z.number(), from_cache: z.number() });
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
  private sent = 0;
  private fromCache = 0;
  private done = 0;
  private oldest: string | undefined;
  /** Parts not settled yet: a failed call waits for them, so none of its requests outlives its answer. */
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly total: number,
    private readonly ctx: ToolContext,
  ) {
    this.signal = AbortSignal.any([ctx.signal, this.stop.signal]);
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

  cost(): Cost {
    return { sent: this.sent, from_cache: this.fromCache };
  }

  /** Cached only when every part was; dated by the oldest part. */
  source(): Source {
    return { cached: this.sent === 0, fetched_at: this.oldest ?? new Date().toISOString() };
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
      const result = await asked;
      // A list read over several pages says what its pages cost (tools/kit/pages.ts).
      const pages = (result as { cost?: Cost }).cost;
      if (pages) {
        this.sent += pages.sent;
        this.fromCache += pages.from_cache;
      } else if (result.source.cached) this.fromCache += 1;
      else this.sent += 1;
      if (this.oldest === undefined || result.source.fetched_at < this.oldest)
        this.oldest = result.source.fetched_at;
      ok = true;
      return result.data;
    } catch (error) {
      // An answer with a status, even an error, reached the upstream and spent quota.
      if (error instanceof ApiError && error.status !== undefined) this.sent += 1;
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
  return `Upstream requests: ${cost.sent} sent, ${cost.from_cache} served from the cache.`;
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
