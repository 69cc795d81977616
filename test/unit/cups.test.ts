import { describe, expect, it } from 'vitest';
import { isCupRow } from '../../src/domain/cups.js';

describe('isCupRow', () => {
  it('reads a European cup from the league name, however spelt', () => {
    expect(isCupRow({ league: 'UEFA Champions League' })).toBe(true);
    expect(isCupRow({ league: 'Europa League' })).toBe(true);
    expect(isCupRow({ league: 'uefa-conference-league' })).toBe(true);
  });

  it('reads it from the competition, a type or a name', () => {
    expect(isCupRow({ league: 'Ligue 1', competition: 'cup' })).toBe(true);
    expect(isCupRow({ competition: 'European Cup' })).toBe(true);
    expect(isCupRow({ competition: 'Champions League' })).toBe(true);
  });

  it('a league row is not one', () => {
    expect(isCupRow({ league: 'Ligue 1', competition: 'league' })).toBe(false);
    expect(isCupRow({ league: 'Premier League' })).toBe(false);
    expect(isCupRow({})).toBe(false);
  });
});
