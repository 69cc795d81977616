// The numbers a compare row gives beside its statistics (market value, appearances, performance index):
// not statistics themselves, so the reader keeps them under their own names and the tools show them apart.

import { isImplausibleValuation } from './valuations.js';

/** Each number beside the statistics, with the values it can hold. */
export const BESIDE_STATISTICS: Readonly<Record<string, (v: number) => boolean>> = {
  // A market value in euros: a large whole number, above any count, per-90 figure or season's minutes;
  // or one in millions or thousands whose scale went unsaid (under a thousand: unread, values.ts).
  market_value_eur: (v) => (Number.isInteger(v) && v >= 10_000) || isImplausibleValuation(v),
  appearances: (v) => Number.isInteger(v) && v >= 0 && v <= 120,
  performance_index: (v) => v >= 0 && v <= 100,
};

/** The names of the numbers beside the statistics. */
export const BESIDE_FIELDS: readonly string[] = Object.keys(BESIDE_STATISTICS);
