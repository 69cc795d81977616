// "Nothing here" written as APIs write it: a null field left out of its object (serializers that skip
// nulls), an empty string, or a placeholder word ("N/A", "-", "—"), the form drawn once for the style
// (or per field, drawn from its name, so every answer writes a field's nothing the same way); and,
// drawn apart, a statistic's null in a statistics map the same way. `service_id` keeps its null (the
// spec says a row not yet linked has `service_id: null`), and so do `player_id` and `deprecated_key`.
import { isRecord } from '../dialects/dialect.js';
import { eachObject, FIXED_ANYWHERE } from './fixed.js';
import type { Piece } from './piece.js';

const FORMS = ['left out', 'empty string', 'N/A', '-', '—'] as const;
type Form = (typeof FORMS)[number];

/** What the object `out` gets for `key` whose value was null: nothing (left out) or a word. */
function written(out: Record<string, unknown>, key: string, form: Form): void {
  if (form === 'left out') return;
  out[key] = form === 'empty string' ? '' : form;
}

export const blanks: Piece = {
  name: 'blanks',
  chance: 0.3,
  make(draw) {
    const mixed = draw.chance(0.4);
    const one = draw.pick(FORMS);
    const statistics = draw.chance(0.5);
    // Drawn from the field's name: every answer writes a field's nothing the same way.
    const formOf = (key: string): Form => (mixed ? draw.fork(key).pick(FORMS) : one);
    const rewrite = (obj: Record<string, unknown>, keep: (key: string) => boolean) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(obj)) {
        if (value === null && !keep(key)) written(out, key, formOf(key));
        else out[key] = value;
      }
      return out;
    };
    return {
      describe: `null fields ${mixed ? 'each written its own way (left out, "", N/A, -, —)' : `written as ${one === 'left out' ? 'left out' : JSON.stringify(one === 'empty string' ? '' : one)}`}${statistics ? ', statistics too' : ''}`,
      response: (body, req) =>
        eachObject(body, req.route, (obj, place) => {
          const out = rewrite(obj, (key) => FIXED_ANYWHERE.has(key) || (place.top && key === 'data'));
          if (statistics && isRecord(out.statistics)) out.statistics = rewrite(out.statistics, () => false);
          return out;
        }),
    };
  },
};
