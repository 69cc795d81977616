// Where a player row was last seen in a list answer (a ranking, a scouting page, a search): the request
// that fetched it, so a later question about the same row (its person: resolve-batch) can be answered
// from that cached answer instead of asking again. The spec makes them one fact: a `player_id` names
// one row (a player in a season, club and competition), and every player response carries the row's
// `service_id`. Only rows of lists asked without a season are noted: the API's current season, the
// rows resolve-batch answers with. This is a memory of where to look; whether the answer is still in
// the cache, and fresh enough for the run, is the cache's to say (ApiClient.cachedRow).
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { atMost } from '../lib/bounded-map.js';
import type { CallOptions } from './client.js';
import type { RouteName } from './routes.js';

/** Rows remembered: the least recently seen go first (a forgotten one is only asked again). */
export const ROWS_SEEN = 50_000;

export interface SeenAt {
  route: RouteName;
  schema: z.ZodType;
  options: CallOptions<RouteName>;
}

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

function seasonAsked(options: CallOptions<RouteName>): boolean {
  const body = options.body as { saison?: unknown } | undefined;
  return options.query?.saison != null || body?.saison != null;
}

export class RowsSeen {
  private readonly rows = new LRUCache<string, SeenAt>(atMost(ROWS_SEEN));

  /** Notes the linked rows of a list answer read from `at` (nothing for a season asked, or a record). */
  note(at: SeenAt, answer: unknown): void {
    if (seasonAsked(at.options) || at.options.cachedOnly) return;
    const rows = (answer as { data?: unknown } | null)?.data;
    if (!Array.isArray(rows)) return;
    // The request as asked again later: without what belonged to that one call.
    const { signal: _signal, fresh: _fresh, probe: _probe, ...options } = at.options;
    const kept = { ...at, options };
    for (const row of rows) {
      const { player_id, service_id } = (row ?? {}) as { player_id?: unknown; service_id?: unknown };
      if (text(player_id) && text(service_id)) this.rows.set(player_id, kept);
    }
  }

  /** Where the row `playerId` was last seen, if it was. */
  where(playerId: string): SeenAt | undefined {
    return this.rows.get(playerId);
  }
}
