// A field-name rewrite over a whole answer: every key the spec leaves open goes through `rename`, the
// fixed ones (fixed.ts) stay. Two keys meeting under one new name: the later one keeps its own.
import { eachObject, isFixed } from './fixed.js';

export function renameKeys(body: unknown, route: string, rename: (key: string) => string): unknown {
  return eachObject(body, route, (obj, place) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj)) {
      const wanted = isFixed(key, place) ? key : rename(key);
      out[wanted !== key && (wanted in obj || wanted in out) ? key : wanted] = value;
    }
    return out;
  });
}
