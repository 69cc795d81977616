// Parallel sub-requests of one tool call: a main record that must succeed and optional sections
// whose failure (a 403 on one feature, a 404 on an assumed route) is reported inside the result.
import type { ApiResult, Source } from '../api/client.js';
import type { Quota } from '../api/quota.js';
import type { ToolContext } from './context.js';
import { errorText } from './result.js';

/** A section's 404 once its record exists: the likely cause is an assumed route, not the id. */
export const SECTION_ROUTE_MISSING =
  'The API answered 404 for this section: its route is assumed and may differ on this API; a routes file can remap it (README, "Remapping routes").';

export class SectionRun {
  /** Why each failed section is missing, in words the model can act on. */
  readonly failed: Record<string, string> = {};
  private readonly sources: Source[] = [];
  private readonly controller = new AbortController();
  private readonly signal: AbortSignal;

  constructor(private readonly ctx: ToolContext) {
    this.signal = AbortSignal.any([ctx.signal, this.controller.signal]);
  }

  /** The record the call is about: its failure fails the call and cancels the sections. */
  async main<T>(fetch: (signal: AbortSignal) => Promise<ApiResult<T>>): Promise<T> {
    try {
      return this.keep(await fetch(this.signal));
    } catch (error) {
      this.controller.abort();
      throw error;
    }
  }

  /** An optional section: undefined when it failed, with the reason in `failed`. */
  async section<T>(
    name: string,
    fetch: (signal: AbortSignal) => Promise<ApiResult<T>>,
    notFound = SECTION_ROUTE_MISSING,
  ): Promise<T | undefined> {
    try {
      return this.keep(await fetch(this.signal));
    } catch (error) {
      if (this.ctx.signal.aborted) throw error;
      this.failed[name] = errorText(error, this.ctx.logger, notFound);
      return undefined;
    }
  }

  /** Quota after the last answer; cached only when every part was, dated by the oldest part. */
  envelope(): { quota: Quota; source: Source } {
    const oldest = this.sources.map((s) => s.fetched_at).sort()[0];
    return {
      quota: this.ctx.api.quota.current(),
      source: {
        cached: this.sources.length > 0 && this.sources.every((s) => s.cached),
        fetched_at: oldest ?? new Date().toISOString(),
      },
    };
  }

  /** Notes and the `failed_sections` field for the result, empty when every section answered. */
  report(): { notes: string[]; failed_sections?: Record<string, string> } {
    const entries = Object.entries(this.failed);
    if (entries.length === 0) return { notes: [] };
    return {
      notes: entries.map(([name, why]) => `section ${name} unavailable: ${why}`),
      failed_sections: this.failed,
    };
  }

  private keep<T>(result: ApiResult<T>): T {
    this.sources.push(result.source);
    return result.data;
  }
}
