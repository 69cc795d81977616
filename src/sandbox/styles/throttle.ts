// A burst limit: every Nth request (N drawn) answers 429 with `Retry-After` as an HTTP date or in
// seconds (the throttled dialect's gate).
import { burstGate } from '../dialects/throttled.js';
import type { Piece } from './piece.js';

export const throttle: Piece = {
  name: 'throttle',
  chance: 0.2,
  make(draw) {
    const every = draw.int(8, 15);
    const form = draw.pick(['date', 'seconds'] as const);
    return {
      describe: `every ${every}th request a 429 with Retry-After in ${form === 'date' ? 'an HTTP date' : 'seconds'}`,
      gate: () => burstGate(every, form),
    };
  },
};
