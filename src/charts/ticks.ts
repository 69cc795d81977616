// Axis ticks at round values of the data's own scale, each labelled with its exact value: a line
// labelled "0" is at 0, never at a padded -0.044 rounded for print.

export interface Axis {
  lo: number;
  hi: number;
  ticks: number[];
  label: (value: number) => string;
}

const STEPS = [1, 2, 2.5, 5, 10];

/** The round step that cuts `span` into about `count` parts. */
function stepFor(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return (STEPS.find((s) => s * power >= raw) ?? 10) * power;
}

/** Decimals that write every multiple of `step` exactly (2.5 → 1, 0.05 → 2, 20 → 0). */
function decimalsOf(step: number): number {
  for (let d = 0; d < 10; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-9) return d;
  return 10;
}

/**
 * An axis over `values`: ends on ticks, a little room around the data, and never below zero (or
 * above 100 for a percentage) when the data are not.
 */
export function axisFor(
  values: readonly number[],
  options: { percent?: boolean; count?: number } = {},
): Axis {
  const min = Math.min(...values);
  const max = Math.max(...values);
  // Below a millionth the data's spread is no scale to draw: the axis takes the values' own size.
  const spread = max - min;
  const span = spread > 1e-6 * Math.max(1, Math.abs(max)) ? spread : Math.max(Math.abs(max) / 10, 1e-6);
  const step = stepFor(span * 1.1, options.count ?? 5);
  let lo = Math.floor((min - span * 0.04) / step) * step;
  let hi = Math.ceil((max + span * 0.04) / step) * step;
  if (min >= 0 && lo < 0) lo = 0;
  if (options.percent && max <= 100 && hi > 100) hi = 100;
  if (hi <= lo) hi = lo + step;
  const decimals = decimalsOf(step);
  const ticks: number[] = [];
  for (let i = 0; lo + i * step <= hi + step * 1e-9; i++)
    ticks.push(Number((lo + i * step).toFixed(decimals)));
  const label = (value: number) => {
    const written = value.toFixed(decimals);
    return /^-0(\.0+)?$/.test(written) ? written.slice(1) : written;
  };
  return { lo, hi, ticks, label };
}
