// What a caller does next about an argument the upstream client refused, in the tools' words: the client
// says where the right values are in the API's terms (InvalidArgumentError.lookup), and only here does
// that become a tool to call.
import type { InvalidArgumentError } from '../api/errors.js';

/** The sentence that follows the client's own message (with its leading space); empty when none fits. */
export function argumentHint(error: InvalidArgumentError): string {
  const lookup = error.lookup;
  switch (lookup?.kind) {
    case 'leagues':
      return ' Call list_leagues for the exact names, or name a country and a tier ("Dutch top flight").';
    case 'statistics':
      return ' get_glossary lists them all.';
    case 'roles':
      return ' Pass a key or an English name from list_roles (31 roles).';
    case 'position':
      return ` Pass one of them, or give "${lookup.word}" to scout_players, which searches all ${error.suggestions.length} at once.`;
    case undefined:
      return '';
  }
}
