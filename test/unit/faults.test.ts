// The sandbox's fault plan: parsed from the command line, checked, and a pure function of seed and index.
import { describe, expect, it } from 'vitest';
import { Faults, parseFaults } from '../../src/sandbox/faults.js';

describe('parseFaults', () => {
  it('reads every fault of the command-line form', () => {
    expect(
      parseFaults(
        'latency=20-80, 503=0.05,500=0.02,reset=0.01,truncate=0.02,malformed=0.03,drip=0.04,drip-ms=200,storm=5/100,retry-after=2',
      ),
    ).toEqual({
      latencyMs: [20, 80],
      errors: { 503: 0.05, 500: 0.02 },
      reset: 0.01,
      truncate: 0.02,
      malformed: 0.03,
      drip: 0.04,
      dripMs: 200,
      storm: { length: 5, every: 100, retryAfterS: 2 },
    });
    expect(parseFaults('latency=50')).toEqual({ latencyMs: 50 });
  });

  it.each(['bogus=1', 'reset=lots', '503=', 'latency=-5'])('refuses "%s" with a message', (spec) => {
    expect(() => parseFaults(spec)).toThrow(/faults: /);
  });
});

describe('Faults', () => {
  const plans = (faults: Faults) => Array.from({ length: 400 }, (_, i) => faults.plan(i));

  it('the same seed gives the same faults, another seed others', () => {
    const options = { errors: { 503: 0.2 }, reset: 0.1, latencyMs: [0, 100] as const };
    expect(plans(new Faults(options, 'a'))).toEqual(plans(new Faults(options, 'a')));
    expect(plans(new Faults(options, 'a'))).not.toEqual(plans(new Faults(options, 'b')));
  });

  it('meets each share roughly and storms exactly by index', () => {
    const all = plans(
      new Faults({ errors: { 503: 0.25 }, truncate: 0.25, storm: { every: 100, length: 4 } }, 's'),
    );
    const count = (kind: string) => all.filter((p) => p.kind === kind).length;
    expect(count('storm')).toBe(16);
    expect(all.slice(0, 4).every((p) => p.kind === 'storm')).toBe(true);
    expect(count('error')).toBeGreaterThan(60);
    expect(count('error')).toBeLessThan(130);
    expect(count('truncate')).toBeGreaterThan(60);
    expect(all.filter((p) => p.kind === 'error').every((p) => p.status === 503)).toBe(true);
  });

  it.each([
    [{ reset: 1.5 }, /\[0, 1\]/],
    [{ reset: 0.6, drip: 0.6 }, /more than 1/],
    [{ errors: { 200: 0.1 } }, /4xx or 5xx/],
    [{ storm: { every: 2, length: 3 } }, /storm/],
  ])('refuses inconsistent options %j', (options, message) => {
    expect(() => new Faults(options, 's')).toThrow(message);
  });
});
