/** What a chart says of its data's freshness: the source of an upstream answer has these and more. */
export interface ChartSource {
  cached: boolean;
  fetched_at: string;
  /** Past its lifetime, served because the upstream is failing. */
  stale?: boolean;
}

/** "Season 25-26 · data fetched 2026-11-22 14:02 UTC (cached)": what a reader needs to trust the picture. */
export function chartSubtitle(seasons: readonly (string | null | undefined)[], source: ChartSource): string {
  const distinct = [...new Set(seasons.filter((s): s is string => Boolean(s)))];
  const season = distinct.length > 0 ? `Season ${distinct.join(', ')}` : 'Latest season';
  const when = source.fetched_at.replace('T', ' ').slice(0, 16);
  const origin = source.stale ? 'stale copy' : source.cached ? 'cached' : 'fresh';
  return `${season} · data fetched ${when} UTC (${origin}) · Football Data API`;
}
