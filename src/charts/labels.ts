/** "pass_completion_pct" → "pass completion %", "xg" → "xG": spoke labels a reader can take in. */
export function statLabel(stat: string): string {
  return stat
    .replace(/^x([a-z])$/, (_, c: string) => `x${c.toUpperCase()}`)
    .replace(/_pct$/, ' %')
    .replaceAll('_', ' ');
}
