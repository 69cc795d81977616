// Which statistics say most about a position family, best first: a radar of a centre-back shows
// tackles, interceptions and aerial duels, not goals and shots. Matched against the words of the
// API's statistic keys (any naming with these words), never a fixed list of keys.
import { isRoleKey, ROLE_FAMILIES, type RoleFamily, roleFamily } from './roles.js';

const word = (w: string) => new RegExp(`(^|_)${w}`);

const GOALKEEPING = [word('save'), word('goals_prevented'), word('psxg'), word('sweeper'), word('claim')];

const PREFERRED: Readonly<Record<RoleFamily, readonly RegExp[]>> = {
  goalkeeper: [...GOALKEEPING, word('long_pass'), word('pass_completion')],
  centre_back: [
    word('tackle'),
    word('interception'),
    word('aerial'),
    word('clearance'),
    word('block'),
    word('progressive_pass'),
    word('long_pass'),
    word('pass_completion'),
    word('ball_recover'),
    word('pressure'),
  ],
  full_back: [
    word('cross'),
    word('progressive_carr'),
    word('progressive_pass'),
    word('tackle'),
    word('interception'),
    word('xa'),
    word('key_pass'),
    word('successful_dribble'),
    word('ball_recover'),
    word('pressure'),
  ],
  defensive_midfielder: [
    word('interception'),
    word('tackle'),
    word('ball_recover'),
    word('progressive_pass'),
    word('pass_completion'),
    word('long_pass'),
    word('pressure'),
    word('block'),
    word('aerial'),
    word('progressive_carr'),
  ],
  central_midfielder: [
    word('progressive_pass'),
    word('progressive_carr'),
    word('key_pass'),
    word('pass_completion'),
    word('tackle'),
    word('interception'),
    word('ball_recover'),
    word('pressure'),
    word('xa'),
    word('xg'),
  ],
  attacking_midfielder: [
    word('key_pass'),
    word('xa'),
    word('assist'),
    word('progressive_carr'),
    word('successful_dribble'),
    word('xg'),
    word('shot'),
    word('touches_in_box'),
    word('progressive_pass'),
    word('goal'),
  ],
  winger: [
    word('successful_dribble'),
    word('progressive_carr'),
    word('cross'),
    word('xa'),
    word('key_pass'),
    word('touches_in_box'),
    word('xg'),
    word('shot'),
    word('goal'),
    word('assist'),
  ],
  forward: [
    word('goal'),
    word('xg'),
    word('shot'),
    word('touches_in_box'),
    word('aerial'),
    word('xa'),
    word('key_pass'),
    word('pressure'),
    word('successful_dribble'),
    word('assist'),
  ],
};

const FAMILY_WORDS: readonly [RegExp, RoleFamily][] = [
  [/goal ?keeper|gardien|^gk$/i, 'goalkeeper'],
  [/cent(re|er)[ -]?back|defenseur central|^cb$/i, 'centre_back'],
  [/full[ -]?back|wing[ -]?back|lateral|^[lr]w?b$/i, 'full_back'],
  [/defensive mid|holding|^dm$/i, 'defensive_midfielder'],
  [/attacking mid|^am$/i, 'attacking_midfielder'],
  [/central mid|midfielder|milieu|^cm$/i, 'central_midfielder'],
  [/wing(er)?|ailier|^[lr]w$/i, 'winger'],
  [/forward|striker|attaquant|^(st|cf)$/i, 'forward'],
];

/** The family of a row: from its role key when we know it, else from a position written in words. */
export function familyOf(role: string | null | undefined, position?: string | null): RoleFamily | undefined {
  if (role && isRoleKey(role)) return roleFamily(role);
  if (role && Object.hasOwn(ROLE_FAMILIES, role)) return role as RoleFamily;
  const text = position?.trim();
  if (!text) return undefined;
  if (Object.hasOwn(ROLE_FAMILIES, text)) return text as RoleFamily;
  return FAMILY_WORDS.find(([pattern]) => pattern.test(text))?.[1];
}

/** Goalkeeping statistics (saves, goals prevented…): shown for goalkeepers only. */
export function isGoalkeeping(key: string): boolean {
  const folded = key.toLowerCase();
  return GOALKEEPING.some((pattern) => pattern.test(folded));
}

/**
 * Up to `max` of `keys` for `family`: the family's own statistics in their order of relevance; only
 * when fewer than three of those are there, the rest of its position's (never goalkeeping for outfield
 * players, nor outfield for keepers).
 * Without a family, the keys in their order, goalkeeping ones last.
 */
export function statisticsFor(
  keys: readonly string[],
  family: RoleFamily | undefined,
  max: number,
): string[] {
  const folded = keys.map((k) => k.toLowerCase());
  if (!family) {
    const order = keys.map((k, i) => [k, isGoalkeeping(folded[i] as string)] as const);
    return [...order.filter(([, gk]) => !gk), ...order.filter(([, gk]) => gk)].map(([k]) => k).slice(0, max);
  }
  const chosen: string[] = [];
  for (const pattern of PREFERRED[family]) {
    const index = folded.findIndex((k, i) => pattern.test(k) && !chosen.includes(keys[i] as string));
    if (index >= 0) chosen.push(keys[index] as string);
  }
  if (chosen.length >= 3) return chosen.slice(0, max);
  const keeper = family === 'goalkeeper';
  const rest = keys.filter((k) => !chosen.includes(k) && isGoalkeeping(k) === keeper);
  return [...chosen, ...rest].slice(0, max);
}

const STATISTIC_WORDS: readonly RegExp[] = [...new Set(Object.values(PREFERRED).flat())];

/**
 * Whether a key reads as one of the statistics the scout's words know (goals, xg, tackles, saves…), by its
 * words: a name the API gives a number beside the statistics under (a made-up or foreign word) does not.
 */
export function isKnownStatistic(key: string): boolean {
  const folded = key.toLowerCase();
  return STATISTIC_WORDS.some((pattern) => pattern.test(folded));
}
