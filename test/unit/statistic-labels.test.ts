// Statistics in words: labels from the glossary or the key, money, the position's rows, the card's words.
import { describe, expect, it } from 'vitest';
import { cardText, SECTION_TEXT } from '../../tools/kit/player-text.js';
import { isMoney, positionRows, statisticLabel } from '../../tools/kit/statistic-labels.js';

const glossary = new Map([
  ['pass_completion_pct', { name: 'Pass completion', unit: '%' }],
  ['goals', { name: 'Goals', unit: 'per 90' }],
  ['market_value_eur', { name: 'Estimated market value', unit: 'EUR' }],
]);

describe('statisticLabel', () => {
  it('the glossary name with its unit, money without it, else the key made readable', () => {
    expect(statisticLabel('goals', glossary)).toBe('Goals (per 90)');
    expect(statisticLabel('pass_completion_pct', glossary)).toBe('Pass completion (%)');
    expect(statisticLabel('market_value_eur', glossary)).toBe('Estimated market value');
    expect(statisticLabel('market_value_eur')).toBe('market value');
    expect(statisticLabel('key_passes')).toBe('key passes');
    expect(isMoney('market_value_eur')).toBe(true);
    expect(isMoney('goals', glossary)).toBe(false);
  });
});

describe('positionRows', () => {
  const keys = ['goals', 'save_pct', 'crosses'];
  it('no goalkeeping rows for outfield players; keepers lose only blank outfield rows', () => {
    expect(positionRows(keys, ['winger', 'forward'], () => false)).toEqual({
      shown: ['goals', 'crosses'],
      left: 1,
    });
    expect(positionRows(keys, ['goalkeeper'], (k) => k === 'crosses')).toEqual({
      shown: ['goals', 'save_pct'],
      left: 1,
    });
    expect(positionRows(keys, ['goalkeeper', 'winger'], () => true)).toEqual({ shown: keys, left: 0 });
    expect(positionRows(keys, [undefined], () => true)).toEqual({ shown: keys, left: 0 });
  });

  it("a keeper's statistics line says how many were left out", () => {
    const text = SECTION_TEXT.statistics(
      { minutes: 900, per: null, values: { saves_pct: 71.5, crosses: null, goals: 0 } },
      'goalkeeper',
    );
    expect(text).toContain('saves % 71.5');
    expect(text).not.toContain('crosses');
    expect(text).toContain('1 statistic of other positions left out (in structured content).');
  });
});

it('the card: "both feet", a position without underscores', () => {
  const text = cardText({
    player_id: 'p1',
    service_id: null,
    name: 'A',
    club: null,
    league: null,
    season: null,
    age: null,
    position: 'centre_back',
    nationality: null,
    birth_date: null,
    foot: 'both',
    height_cm: null,
    primary_role: null,
    performance_index: null,
    minutes: null,
    appearances: 1,
    contract_until: null,
    market_value_eur: 7_100_000,
    data_as_of: null,
  });
  expect(text).toContain('1 appearance ·');
  expect(text).not.toContain('data as of');
  expect(text).toContain('both feet');
  expect(text).toContain('centre back');
  expect(text).toContain('value €7.1m');
});
