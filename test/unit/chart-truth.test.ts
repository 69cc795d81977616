// Charts tell the truth: ticks at the data's real values, no axis padded below zero for data that
// are not, and a radar of the statistics that matter for the players' position.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparisonRadar } from '../../src/charts/comparison-radar.js';
import { scatterSvg } from '../../src/charts/scatter.js';
import { axisFor } from '../../src/charts/ticks.js';
import { familyOf, isGoalkeeping, statisticsFor } from '../../src/domain/position-statistics.js';
import { propertyRuns } from '../support/sample.js';

const source = { cached: false, fetched_at: '2026-11-25T12:00:00Z' };

describe('axisFor', () => {
  it('ends on ticks around the data, each labelled with its exact value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1000, max: 1000, noNaN: true }), { minLength: 2, maxLength: 50 }),
        (values) => {
          const axis = axisFor(values);
          expect(axis.lo).toBeLessThanOrEqual(Math.min(...values));
          expect(axis.hi).toBeGreaterThanOrEqual(Math.max(...values));
          for (const tick of axis.ticks) {
            expect(Math.abs(Number(axis.label(tick)) - tick)).toBeLessThan(1e-9);
            expect(axis.label(tick)).not.toMatch(/^-0(\.0*)?$/);
          }
          if (Math.min(...values) >= 0) expect(axis.lo).toBeGreaterThanOrEqual(0);
        },
      ),
      propertyRuns('chart axis'),
    );
  });

  it('keeps small rates on a zero floor with distinct labels', () => {
    const axis = axisFor([0.01, 0.12, 0.35, 0.41]);
    expect(axis.lo).toBe(0);
    expect(axis.ticks.map(axis.label)).toEqual([...new Set(axis.ticks.map(axis.label))]);
    expect(axis.label(axis.ticks[0] as number)).toBe('0.0');
  });

  it('stops a percentage at 100', () => {
    expect(axisFor([55, 72, 99.5], { percent: true }).hi).toBe(100);
  });
});

describe('the scatter', () => {
  it('labels the zero line 0 when the data start at zero, and names the units', () => {
    const svg = scatterSvg({
      kind: 'scatter',
      title: 't',
      subtitle: 's',
      x: 'xG',
      y: 'xA',
      xUnit: 'per 90',
      yUnit: 'per 90',
      points: [
        { name: 'A', x: 0, y: 0.05, highlight: true },
        { name: 'B', x: 0.44, y: 0.31, highlight: false },
        { name: 'C', x: 0.2, y: 0, highlight: false },
      ],
    });
    expect(svg).toContain('xG (per 90)');
    expect(svg).toContain('xA (per 90)');
    expect(svg).not.toMatch(/>-0[.\d]*</);
    const labels = [...svg.matchAll(/font-size="11"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(labels).toContain('0.0');
    for (const label of labels) expect(Number(label)).toBeGreaterThanOrEqual(0);
  });
});

const STATS = [
  'goals',
  'xg',
  'shots',
  'key_passes',
  'pass_completion_pct',
  'progressive_passes',
  'tackles',
  'interceptions',
  'clearances',
  'aerial_duels_won_pct',
  'saves_pct',
  'goals_prevented',
];

describe('statistics by position family', () => {
  it('gives centre-backs their defending and passing, and no goalkeeping', () => {
    const chosen = statisticsFor(STATS, 'centre_back', 6);
    expect(chosen.slice(0, 4)).toEqual(['tackles', 'interceptions', 'aerial_duels_won_pct', 'clearances']);
    expect(chosen).not.toContain('goals');
    expect(chosen.some(isGoalkeeping)).toBe(false);
  });

  it('gives goalkeepers goalkeeping first and no shots', () => {
    const chosen = statisticsFor(STATS, 'goalkeeper', 10);
    expect(chosen.slice(0, 2)).toEqual(['saves_pct', 'goals_prevented']);
    expect(chosen).not.toContain('shots');
  });

  it('reads the family from a role key, a family key or a position in words', () => {
    expect(familyOf('defenseur_relanceur')).toBe('centre_back');
    expect(familyOf(undefined, 'Centre-Back')).toBe('centre_back');
    expect(familyOf('unknown_role', 'Goalkeeper')).toBe('goalkeeper');
    expect(familyOf(null, null)).toBeUndefined();
  });

  it('a comparison radar of two centre-backs plots their statistics, not goals and shots', () => {
    const player = (name: string, base: number) => ({
      name,
      season: '26-27',
      roles: [{ role: 'defenseur_relanceur' }],
      statistics: Object.fromEntries(STATS.map((s, i) => [s, base + i])),
    });
    const radar = comparisonRadar([player('A', 1), player('B', 2)], source);
    expect(radar?.axes).toContain('tackles');
    expect(radar?.axes).not.toContain('goals');
    expect(radar?.axes).not.toContain('saves %');
    expect(radar?.scale).toContain('centre back');
  });
});
