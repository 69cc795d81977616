// A record answered bare: its fields at the top of the answer instead of under `data` (the spec puts
// only a list's results in a top-level `data`; a record's shape it does not show). Lists keep theirs.
// What the answer carries beside the record (`meta`) stays beside it, and wins a name both use.
import { isRecord } from '../dialects/dialect.js';
import type { Piece } from './piece.js';

export const bare: Piece = {
  name: 'bare',
  chance: 0.2,
  make: () => ({
    describe: 'records bare at the top of the answer, no data wrapper (lists keep theirs)',
    response(body) {
      if (!isRecord(body) || !isRecord(body.data)) return body;
      const { data, ...rest } = body;
      return { ...data, ...rest };
    },
  }),
};
