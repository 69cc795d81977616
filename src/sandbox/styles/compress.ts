// Every answer compressed whether or not the client asked, by one drawn coding or each in turn (the
// compressed dialect's codings).
import { CODINGS } from '../dialects/compressed.js';
import type { Piece } from './piece.js';

export const compress: Piece = {
  name: 'compress',
  chance: 0.3,
  make(draw) {
    const codings = draw.chance(0.5) ? CODINGS : [draw.pick(CODINGS)];
    return {
      describe: `every answer compressed (${codings.map(([c]) => c).join(', ')})`,
      wire(answer, { index }) {
        const [coding, squeeze] = codings[index % codings.length] as (typeof CODINGS)[number];
        return {
          ...answer,
          headers: { ...answer.headers, 'Content-Encoding': coding, Vary: 'Accept-Encoding' },
          body: squeeze(answer.body),
        };
      },
    };
  },
};
