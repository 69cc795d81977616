/** Groups of tools a user can switch on or off as a whole (github-mcp-server style). */
export const TOOLSETS = {
  players: 'Find, rank, scout, compare and report on players; club fit; id resolution.',
  clubs: 'Teams and coaches: records, squads, similar teams, head-to-head, careers.',
  reference: 'Leagues, roles, statistics rankings, glossary and the comparison group.',
  account: 'The key: quota, plan, leagues, saved indices and presets.',
} as const;

export type Toolset = keyof typeof TOOLSETS;
