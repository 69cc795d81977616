// The seasons the sandbox covers. The data of each one is frozen at a fixed date so that responses
// stay byte-identical whatever the clock says; the last one is in progress.

export interface SeasonInfo {
  readonly label: string;
  readonly startYear: number;
  /** Share of the season's rounds already played. */
  readonly progress: number;
  readonly asOf: string;
}

export const SEASONS: readonly SeasonInfo[] = [
  { label: '24-25', startYear: 2024, progress: 1, asOf: '2025-06-02' },
  { label: '25-26', startYear: 2025, progress: 1, asOf: '2026-06-01' },
  { label: '26-27', startYear: 2026, progress: 0.35, asOf: '2026-11-16' },
];

export const SEASON_LABELS: readonly string[] = SEASONS.map((s) => s.label);
export const CURRENT_SEASON = SEASONS.length - 1;

export function seasonInfo(index: number): SeasonInfo {
  const info = SEASONS[index];
  if (!info) throw new Error(`no season ${index}`);
  return info;
}

export const SEASON_FORMAT = /^(\d{2})-(\d{2})$/;

/** Index of a covered season, `'format'` for a malformed label, `'uncovered'` for a valid one we lack. */
export function seasonIndex(label: string): number | 'format' | 'uncovered' {
  const m = SEASON_FORMAT.exec(label);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) return 'format';
  const index = SEASON_LABELS.indexOf(label);
  return index < 0 ? 'uncovered' : index;
}
