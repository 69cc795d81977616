// A page's facts of the world (its players, clubs, leagues, statistic keys) are taken after the answer has
// gone out, unless the reading itself looks for a name; the persons its row ids stand for and the roles
// renamed are taken at once. Whatever reads the facts first (the reader weighing an unread name, a later
// learning) sees those of every answer learned from before it, as if each had been taken as it came.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/api/reader/index.js';
import * as S from '../../src/api/schemas.js';
import { NamesLearned } from '../../src/facts/names-learned.js';

const players = [
  { rank: 1, name: 'Ana Lopes', club: 'RC Lens', age: 20, score: 2, player_id: 'p1', service_id: 'ds_1' },
  { rank: 2, name: 'Bo Marr', club: 'FC Metz', age: 24, score: 1, player_id: 'p2', service_id: 'ds_2' },
  { rank: 3, name: 'Cy Dune', club: 'AS Nancy', age: 27, score: 0, player_id: 'p3', service_id: 'ds_3' },
];

function learnRanking(learner: NamesLearned, rows: readonly object[]) {
  const raw = { data: rows };
  const { value, report } = readAnswer(S.RankingsResponse, raw, 'r');
  return learner.learn('rankings', raw, value, report);
}

describe('facts taken after the answer', () => {
  it('are there for every read in the same turn: persons, players, the facts a reading weighs', () => {
    const learner = new NamesLearned();
    expect(learnRanking(learner, players)).toEqual([]);
    expect(learner.personOf('p2')).toBe('ds_2');
    expect(learner.facts.players.size).toBe(3);
    expect(learner.couldBe('club', 'FC Metz', {})).not.toBe(false);
  });

  it('weigh a later answer read in the same turn: a club under a new name is learned from them', () => {
    const learner = new NamesLearned();
    learnRanking(learner, players);
    const raw = { data: players.map((p) => ({ player_id: p.player_id, service_id: null, Verbund: p.club })) };
    const { value, report } = readAnswer(S.CompareResponse, raw, 'c');
    expect(learner.learn('compare', raw, value, report).map((l) => [l.field, l.name])).toEqual([
      ['club', 'Verbund'],
    ]);
  });

  it('are taken in the order the answers came, read in the same turn or later', async () => {
    for (const wait of [false, true]) {
      const learner = new NamesLearned();
      learnRanking(learner, players.slice(0, 2));
      learnRanking(learner, [{ ...players[0], club: 'OGC Nice', age: 21 }]);
      if (wait) await nextTurn();
      // What is known of a player wins a merge: the first answer's club stays, as when taken at once.
      expect(learner.facts.players.find({ id: 'p1' })).toMatchObject({ club: 'RC Lens', age: 20 });
      // The row id's person is known at once, whatever the facts.
      expect(learner.personOf('p1')).toBe('ds_1');
    }
  });
});
