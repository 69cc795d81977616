// A leagues answer whose page facts are in words nothing reads (`{pagina: 1, per_pagina: 2, totaal: 5}`)
// may be a page of a longer list: a league outside it is then no evidence against a value (the field is
// named unread, never a blank as if absent); a leagues answer with no sign of paging is every league.
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/api/reader/index.js';
import * as S from '../../src/api/schemas.js';
import { NamesLearned } from '../../src/facts/names-learned.js';

function learnerAfter(leagues: object): NamesLearned {
  const learner = new NamesLearned();
  const list = readAnswer(S.LeaguesResponse, leagues, 'l');
  learner.learn('leagues', leagues, list.value, list.report);
  return learner;
}

const page = [
  { name: 'Ligue 1', country: 'France' },
  { name: 'Ligue 2', country: 'France' },
];

describe('the leagues list paged in words nothing reads', () => {
  it('a league past its page is no evidence against a value', () => {
    for (const leagues of [
      { data: page, pagina: 1, per_pagina: 2, totaal: 5 },
      { data: page, paginering: { pagina: 1, per_pagina: 2 } },
    ]) {
      const learner = learnerAfter(leagues);
      expect(learner.couldBe('league', 'Bundesliga', {}), JSON.stringify(leagues)).toBeUndefined();
      expect(learner.couldBe('league', 'Ligue 2', {})).toBe(true);
    }
  });

  it('a list with no sign of paging is every league', () => {
    expect(learnerAfter({ data: page }).couldBe('league', 'Bundesliga', {})).toBe(false);
  });
});
