// What APIs say beside their data: by a draw a success envelope (`success: true`, `ok: true` or
// `status: "success"`, with a confirming message), and a warning on every answer, under a drawn name
// (warnings, notices, hints, alerts) in a drawn case, at the top or in `meta`, as a text or a list. The
// reader passes the warning on as a note and the confirmation not (src/api/reader/api-words.ts).
import { isRecord } from '../dialects/dialect.js';
import { CASES } from './casing.js';
import type { Piece } from './piece.js';

/** The warning every answer of the style carries. */
export const SAID_WARNING = 'figures of the last round are provisional';
/** The confirmation an envelope carries: never passed on. */
export const SAID_CONFIRMATION = 'Request processed successfully';

const ENVELOPES = [{ success: true }, { ok: true }, { status: 'success' }] as const;

export const says: Piece = {
  name: 'says',
  chance: 0.2,
  make(draw) {
    const envelope = draw.chance(0.5) ? draw.pick(ENVELOPES) : undefined;
    const cased = CASES[draw.pick(Object.keys(CASES))] as (key: string) => string;
    const name = cased(draw.pick(['warnings', 'notices', 'hints', 'alerts', 'warning', 'notice']));
    const inMeta = draw.chance(0.5);
    const said = draw.chance(0.5) ? [SAID_WARNING] : SAID_WARNING;
    const envelopeWords = envelope ? `${JSON.stringify(envelope)} with a confirming message, and ` : '';
    return {
      describe: `${envelopeWords}a warning under "${name}" ${inMeta ? 'in meta' : 'at the top'} of every answer`,
      response(body) {
        if (!isRecord(body)) return body;
        // Nothing the answer holds is overwritten: a record sent bare may have a `status` of its own.
        const top: Record<string, unknown> = { ...body };
        for (const [key, value] of Object.entries({
          ...envelope,
          ...(envelope ? { message: SAID_CONFIRMATION } : {}),
        }))
          if (!(key in top)) top[key] = value;
        if (!inMeta) return name in top ? top : { ...top, [name]: said };
        const meta = isRecord(top.meta) ? top.meta : {};
        return name in meta ? top : { ...top, meta: { ...meta, [name]: said } };
      },
    };
  },
};
