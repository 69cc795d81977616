import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/api/errors.js';
import { editDistance, nearest } from '../../src/domain/nearest.js';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { normalizeSeason, SERVICE_ID_PATTERN, seasonOf } from '../../src/domain/season.js';
import { fold } from '../../src/lib/fold.js';
import { isServiceId, seasonParam } from '../../src/mcp/args.js';

describe('normalizeSeason', () => {
  const accepted: [string, string][] = [
    ['25-26', '25-26'],
    ['2025-26', '25-26'],
    ['2025/26', '25-26'],
    ['2025/2026', '25-26'],
    ['2025-2026', '25-26'],
    [' 25-26 ', '25-26'],
    ['2025 - 2026', '25-26'],
    ['99-00', '99-00'],
    ['1999-2000', '99-00'],
    ['2099-00', '99-00'],
    ['09-10', '09-10'],
  ];
  for (const [input, season] of accepted) {
    it(`accepts ${JSON.stringify(input)} as ${season}`, () => {
      expect(normalizeSeason(input)).toEqual({ ok: true, season });
    });
  }

  const refused = ['2025-2027', '25-27', '26-25', 'last season', '2025', '', '2025-26-27', '25_26'];
  for (const input of refused) {
    it(`refuses ${JSON.stringify(input)} with a message giving an example`, () => {
      const parsed = normalizeSeason(input);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.reason).toContain('25-26');
        expect(parsed.reason).toContain(`"${input}"`);
      }
    });
  }

  it('seasonParam maps a refusal to InvalidArgumentError on "season", and blank to undefined', () => {
    expect(seasonParam(undefined)).toBeUndefined();
    expect(seasonParam('  ')).toBeUndefined();
    expect(seasonParam('2025/2026')).toBe('25-26');
    let caught: unknown;
    try {
      seasonParam('last season');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidArgumentError);
    expect((caught as InvalidArgumentError).argument).toBe('season');
    expect((caught as Error).message).toContain('25-26');
  });
});

describe('seasonOf', () => {
  const cases: [string, string][] = [
    ['2025-07-01T00:00:00Z', '25-26'],
    ['2025-06-30T23:59:59Z', '24-25'],
    ['2026-01-15T12:00:00Z', '25-26'],
    ['2000-01-01T00:00:00Z', '99-00'],
    ['1999-08-01T00:00:00Z', '99-00'],
    ['2009-09-01T00:00:00Z', '09-10'],
  ];
  for (const [date, season] of cases) {
    it(`${date} is in season ${season}`, () => {
      expect(seasonOf(new Date(date))).toBe(season);
    });
  }

  it('its output is always accepted by normalizeSeason unchanged', () => {
    for (let month = 0; month < 12; month++) {
      const season = seasonOf(new Date(Date.UTC(2031, month, 15)));
      expect(normalizeSeason(season)).toEqual({ ok: true, season });
    }
  });
});

describe('service_id', () => {
  it('is ds_ followed by 16 characters', () => {
    expect(SERVICE_ID_PATTERN.test('ds_AbCdEfGh12345678')).toBe(true);
    expect(isServiceId('ds_AbCdEfGh12345678')).toBe(true);
    expect(isServiceId('ds_short')).toBe(false);
    expect(isServiceId('ds_AbCdEfGh123456789')).toBe(false);
    expect(isServiceId('xx_AbCdEfGh12345678')).toBe(false);
    expect(isServiceId('p123')).toBe(false);
  });
});

describe('fold, editDistance, nearest', () => {
  it('fold lowercases, strips accents and unifies separators', () => {
    expect(fold(' Défenseur-Relanceur ')).toBe('defenseur_relanceur');
    expect(fold('Meneur de  jeu')).toBe('meneur_de_jeu');
  });

  it('editDistance is the Levenshtein distance', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('mezzala', 'mezzala')).toBe(0);
    expect(editDistance('flaw', 'lawn')).toBe(2);
  });

  it('nearest puts a truncated key first', () => {
    expect(nearest('defenseur_relanceu', ROLE_KEYS)[0]).toBe('defenseur_relanceur');
  });

  it('nearest puts substring matches before closer-by-distance candidates', () => {
    expect(nearest('pivot', ROLE_KEYS, 1)).toEqual(['attaquant_pivot']);
    expect(nearest('profondeur', ROLE_KEYS, 2).sort()).toEqual([
      'ailier_de_profondeur',
      'attaquant_de_profondeur',
    ]);
  });

  it('nearest finds a key from a folded, misspelt input', () => {
    expect(nearest('Gardien Modern', ROLE_KEYS)[0]).toBe('gardien_moderne');
    expect(nearest('mezala', ROLE_KEYS)[0]).toBe('mezzala');
  });

  it('nearest returns at most count distinct candidates, deterministically', () => {
    const result = nearest('xyz', [...ROLE_KEYS, ...ROLE_KEYS], 3);
    expect(result).toHaveLength(3);
    expect(new Set(result).size).toBe(3);
    expect(nearest('xyz', [...ROLE_KEYS].reverse(), 3)).toEqual(result);
  });
});
