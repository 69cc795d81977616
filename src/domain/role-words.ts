// The words a scout uses for a position rather than one of the 31 roles: "CB", "centre-back",
// "center back", "left centre-back", "holding midfielder", "ST". Each names a family; the side
// (left, right) is dropped, as the API's roles have none.
import { fold } from '../lib/fold.js';
import { ROLE_FAMILIES, type RoleFamily } from './roles.js';

const WORDS: Readonly<Record<RoleFamily, readonly string[]>> = {
  goalkeeper: ['gk', 'goalkeeper', 'keeper', 'goalie', 'gardien'],
  centre_back: ['cb', 'centre back', 'centre half', 'central defender', 'defenseur central', 'stopper back'],
  full_back: ['fb', 'lb', 'rb', 'lwb', 'rwb', 'full back', 'wing back', 'back', 'lateral'],
  defensive_midfielder: [
    'dm',
    'cdm',
    'dmf',
    'defensive midfielder',
    'holding midfielder',
    'anchor',
    'number 6',
  ],
  central_midfielder: ['cm', 'cmf', 'central midfielder', 'midfielder', 'number 8', 'milieu'],
  attacking_midfielder: ['am', 'cam', 'amf', 'attacking midfielder', 'playmaker', 'number 10'],
  winger: ['lw', 'rw', 'lm', 'rm', 'w', 'winger', 'wide midfielder', 'wide forward', 'ailier'],
  forward: ['st', 'cf', 'fw', 'forward', 'striker', 'centre forward', 'number 9', 'attaquant'],
};

/** The compared form: folded, one spelling (centre, defence), no side, no plural, spaced words. */
function wordKey(text: string): string {
  return (
    fold(text)
      .replace(/[^a-z0-9]+/g, ' ')
      .replace(/\bcenter\b/g, 'centre')
      .replace(/\bdefense\b/g, 'defence')
      .replace(/\b(full|wing|centre)(back|half)\b/g, '$1 $2')
      .replace(/\bno\s?(\d+)\b/g, 'number $1')
      // A side names a wide player in midfield; elsewhere it only says which flank ("left back": a full-back).
      .replace(/\b(left|right)( sided)? mid(fielder)?s?\b/g, 'wide midfielder')
      .replace(/\b(left|right)( sided| footed)?\b/g, ' ')
      .replace(/\b(\w+[^s\s])s\b/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const FAMILY_BY_WORD: ReadonlyMap<string, RoleFamily> = new Map(
  (Object.entries(WORDS) as [RoleFamily, readonly string[]][]).flatMap(([family, words]) =>
    [family, ...words].map((word) => [wordKey(word), family] as const),
  ),
);

/** The position family a scout's word names ("CB", "left centre-back", "wingers"); undefined otherwise. */
export function familyByWord(text: string): RoleFamily | undefined {
  return FAMILY_BY_WORD.get(wordKey(text));
}

/** Every family word, for completions. */
export function familyWords(): string[] {
  return Object.values(WORDS).flat();
}

export function familyRoles(family: RoleFamily): readonly string[] {
  return ROLE_FAMILIES[family];
}
