// A watchlist report's rows as both forms give them (tools/kit/watchlist.ts): a season said once when the
// rows share it, on each row when they do not; a change only when there is one; a linked row without
// its player_id; and the text's cells showing what the row carries.
import { describe, expect, it } from 'vitest';
import type { ReportRow } from '../../src/watchlists/changes.js';
import { clubCell, reportLine, sharedSeason, valueCells } from '../../tools/kit/watchlist.js';

function row(over: Partial<ReportRow>): ReportRow {
  return {
    service_id: 'ds_00q06dH2pfh3pmxb',
    player_id: 'p20q06dxxxx',
    name: 'Christian Mbenra',
    status: 'changed',
    changes: ['minutes'],
    club: 'En Avant Lens',
    league: 'Ligue 1',
    season: '26-27',
    from: null,
    minutes: 1008,
    minutes_delta: 88,
    primary_role: 'milieu_ratisseur',
    previous_role: null,
    rank: 14,
    rank_of: 305,
    rank_listed: 100,
    rank_change: 0,
    role_score: 59.7,
    role_score_change: 0,
    did_not_play: false,
    performance_index: 59.7,
    market_value_eur: 9_900_000,
    value_change_eur: 0,
    value_change_pct: 0,
    ...over,
  };
}

const pending = row({
  service_id: null,
  status: 'pending',
  changes: [],
  club: null,
  league: null,
  season: null,
  minutes: null,
  minutes_delta: null,
  primary_role: null,
  rank: null,
  rank_of: null,
  rank_listed: null,
  rank_change: null,
  role_score: null,
  role_score_change: null,
  performance_index: null,
  market_value_eur: null,
  value_change_eur: null,
  value_change_pct: null,
});

describe('a watchlist report row', () => {
  it('says a season every row read shares once; a row of nothing read does not split it', () => {
    expect(sharedSeason([row({}), row({ name: 'B' }), pending])).toBe('26-27');
    const line = reportLine(row({}), '26-27');
    expect(line).not.toHaveProperty('season');
    expect(clubCell(line)).toBe('En Avant Lens (Ligue 1)');
  });

  it('names each row its season when they differ, or when one is unknown', () => {
    const rows = [row({}), row({ season: '25-26', club: 'RC Lens' })];
    expect(sharedSeason(rows)).toBeUndefined();
    expect(sharedSeason([row({}), row({ season: null })])).toBeUndefined();
    const older = reportLine(rows[1] as ReportRow, undefined);
    expect(older.season).toBe('25-26');
    expect(clubCell(older)).toBe('RC Lens (Ligue 1, 25-26)');
  });

  it('gives a change only when there is one, and a linked row without its player_id', () => {
    const line = reportLine(row({}), '26-27');
    expect(line).toMatchObject({ service_id: 'ds_00q06dH2pfh3pmxb', minutes_delta: 88, rank: 14 });
    for (const field of [
      'player_id',
      'rank_change',
      'role_score_change',
      'value_change_eur',
      'rank_listed',
      'from',
      'previous_role',
    ])
      expect(line, field).not.toHaveProperty(field);
    expect(reportLine(pending, '26-27')).toMatchObject({ service_id: null, player_id: 'p20q06dxxxx' });
  });

  it("keeps the ranking page's size when he is not on it, and the value's % for the text", () => {
    const out = reportLine(
      row({ rank: null, rank_change: null, value_change_eur: -2_000_000, value_change_pct: -16.806723 }),
      '26-27',
    );
    expect(out).toMatchObject({ rank_listed: 100, value_change_eur: -2_000_000 });
    expect(valueCells([out])(out)).toBe('€9.9m (-€2m, -16.8%)');
  });
});
