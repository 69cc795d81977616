// Fit scores, player by player: a player's fit for a club does not depend on who else is in the batch,
// so each row is cached on its own and a later call reuses it (fit_score, scouting_report).
import type { ApiClient, ApiResult } from '../../src/api/client.js';
import type { PlayerFit } from '../../src/api/schemas.js';

export interface FitQuery {
  player_ids: readonly string[];
  club?: string | undefined;
  saison?: string | undefined;
}

export function fetchFits(api: ApiClient, q: FitQuery, signal: AbortSignal): Promise<ApiResult<PlayerFit[]>> {
  return api.fitScore({
    items: q.player_ids,
    club: q.club,
    season: q.saison,
    split: ({ data }, ids) => {
      // A row answers an id when it carries it; an old player_id may come back as the current one.
      const rows = ids.map((id) => data.find((r) => r.player_id === id || r.service_id === id));
      return data.length === ids.length && rows.every((r) => r !== undefined)
        ? (rows as PlayerFit[])
        : undefined;
    },
    rows: ({ data }) => data,
    signal,
  });
}
