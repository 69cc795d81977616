import { describe, expect, it } from 'vitest';
import { countryIn, leagueByWords, levelNumber } from '../../src/domain/league-words.js';

const LEAGUES = [
  { name: 'Eredivisie', country: 'Netherlands', level: 'top', gender: 'men' },
  { name: 'Eerste Divisie', country: 'Netherlands', level: 'second', gender: 'men' },
  { name: 'Vrouwen Eredivisie', country: 'Netherlands', level: 'top', gender: 'women' },
  { name: 'Challenger Pro League', country: 'Belgium', level: 'second', gender: 'men' },
  { name: 'Ligue 2', country: 'France', level: 2, gender: null },
  { name: 'League Two', country: 'England', level: 'fourth', gender: 'men' },
];

describe('leagueByWords', () => {
  it.each([
    ['Dutch top flight', 'Eredivisie'],
    ['the Netherlands first division', 'Eredivisie'],
    ['Belgian second-division', 'Challenger Pro League'],
    ['French 2nd tier', 'Ligue 2'],
    ['English fourth tier', 'League Two'],
    ["Dutch women's top flight", 'Vrouwen Eredivisie'],
  ])('reads "%s" as %s', (words, name) => {
    expect(leagueByWords(words, LEAGUES)?.name).toBe(name);
  });

  it.each(['Eredivisie', 'Dutch league', 'German second division', 'Belgian top flight'])(
    'names no league for "%s" (no tier, no such country, or none fits)',
    (words) => {
      expect(leagueByWords(words, LEAGUES)).toBeUndefined();
    },
  );

  it('reads levels written as words or numbers', () => {
    expect([
      levelNumber('top'),
      levelNumber('Second'),
      levelNumber(3),
      levelNumber('4'),
      levelNumber('youth'),
    ]).toEqual([1, 2, 3, 4, undefined]);
  });

  it('finds a country by its people or another spelling, longest first', () => {
    expect(countryIn('Northern Irish premiership', ['Ireland', 'Northern Ireland'])).toBe('Northern Ireland');
    expect(countryIn('holland', ['Netherlands'])).toBe('Netherlands');
  });
});
