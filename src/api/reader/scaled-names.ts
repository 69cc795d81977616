// Money under a name that states its scale: `market_value_m: 57.35` is 57.35 million euros, `value_k:
// 57350` thousands, `marktwert_mio`, `value_in_millions`; read plainly, it would be shown as €57.35.
// The scale is the last or next-to-last word of the name (`market_value_mio_eur`); `amount_minor`,
// `value_in_cents` are hundredths.
import { SCALES } from './display.js';

/** Scale words of names: those of texts, and the minor unit (the euro's cents). */
const NAME_SCALES: Readonly<Record<string, number>> = { ...SCALES, minor: -2 };

/** The scale word a (folded) name ends with, if any. */
export function scaleOfName(name: string): string | undefined {
  const words = name.split('_');
  for (const word of words.slice(-2).reverse()) if (Object.hasOwn(NAME_SCALES, word)) return word;
  return undefined;
}

/**
 * `value` read under a name ending in `scale`: a JSON number shifted by the scale's digits (the decimal
 * the API wrote, shifted exactly, then the nearest number); a numeral text written with its scale, for
 * the money reader to read as it reads any ("1.000 m" is as ambiguous as "1.000 Mio").
 */
export function withScale(value: unknown, scale: string): unknown {
  const digits = NAME_SCALES[scale] as number;
  if (typeof value === 'number' && Number.isFinite(value)) {
    const shifted = Number(`${String(value)}e${digits}`);
    return Number.isFinite(shifted) ? shifted : value * 10 ** digits;
  }
  if (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(value))
    return Object.hasOwn(SCALES, scale) ? `${value.trim()} ${scale}` : Number(`${value.trim()}e${digits}`);
  return value;
}
