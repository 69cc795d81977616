// Ids as numbers, as APIs keyed on database rows send them: player_id, and by a draw team_id and
// coach_id, as JSON numbers or as strings of digits (123456 or "123456"); the spec fixes player_id's
// name, not its format. Decoded back from the paths, query and bodies a client sends (numeric-ids.ts).
import { decodeIdsIn, encodeIds, ID_FIELDS, type IdFields, PLAYER } from '../numeric-ids.js';
import type { Draw } from './draw.js';
import type { Piece } from './piece.js';

export interface IdsDrawn {
  readonly kinds: IdFields;
  readonly asText: boolean;
}

/** The piece's parameters, as drawn (exported for harnesses that send the ids as the style writes them). */
export function idsDrawn(draw: Draw): IdsDrawn {
  const all = draw.chance(0.6);
  const asText = draw.chance(0.4);
  return {
    kinds: all ? ID_FIELDS : { player_id: PLAYER },
    asText,
  };
}

export const ids: Piece = {
  name: 'ids',
  chance: 0.25,
  make(draw) {
    const { kinds, asText } = idsDrawn(draw);
    const which = Object.keys(kinds).length > 1 ? 'player, team and coach ids' : 'player ids';
    return {
      describe: `${which} as ${asText ? 'strings of digits' : 'numbers'}`,
      request: decodeIdsIn,
      response: (body) => encodeIds(body, kinds, asText),
    };
  },
};
