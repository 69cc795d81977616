// What the server knows of a player (the rankings' club and age) is of one row: one season, one club.
// A row of the same person in another context (its own player_id: a past season, before a transfer)
// may hold another club and age, so a value under a name nothing read that differs from them is no
// evidence it is not the field: the field is unread, never shown as absent (compare_players with a season).
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/api/reader/index.js';
import { unreadMarks } from '../../src/api/reader/unread.js';
import * as S from '../../src/api/schemas.js';
import { NamesLearned } from '../../src/facts/names-learned.js';

const PLAYERS = [
  { player_id: 'p1', service_id: 'ds_0000000000000001', name: 'Ann Lee', club: 'RC Lens', age: 29 },
  { player_id: 'p2', service_id: 'ds_0000000000000002', name: 'Bo Park', club: 'FC Metz', age: 25 },
];

function learner(): NamesLearned {
  const out = new NamesLearned();
  const ranking = { data: PLAYERS.map((p, i) => ({ ...p, season: '26-27', rank: i + 1, score: 80 - i })) };
  const read = readAnswer(S.RankingsResponse, ranking, 'r');
  out.learn('rankings', ranking, read.value, read.report);
  return out;
}

describe('a row of a known person in another context', () => {
  it.each([
    ['its own player_id (a past season)', 'unread', (p: (typeof PLAYERS)[number]) => `${p.player_id}-25-26`],
    ['the row known (same player_id)', 'absent', (p: (typeof PLAYERS)[number]) => p.player_id],
  ])('with %s: an age and club that differ from the known ones are %s', (_, expected, rowId) => {
    const raw = {
      data: PLAYERS.map((p) => ({
        player_id: rowId(p),
        service_id: p.service_id,
        name: p.name,
        season: '25-26',
        zzalter: p.age - 1,
        zzverein: `${p.club} B`,
      })),
    };
    const read = readAnswer(S.CompareResponse, raw, 'POST /v1/players/compare', undefined, learner().couldBe);
    for (const row of read.value.data) {
      const fields = unreadMarks(row)?.fields ?? {};
      expect(Object.hasOwn(fields, 'age') ? 'unread' : 'absent', `age of ${row.name}`).toBe(expected);
      expect(Object.hasOwn(fields, 'club') ? 'unread' : 'absent', `club of ${row.name}`).toBe(expected);
    }
  });
});
