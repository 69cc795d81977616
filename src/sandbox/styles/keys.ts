// A field-name rewrite over a whole answer: every key the spec leaves open goes through `rename`, the
// fixed ones (fixed.ts) stay. Two keys meeting under one new name: the later one keeps its own.
import { eachObject, isFixed } from './fixed.js';

export function renameKeys(
  body: unknown,
  route: string,
  rename: (key: string) => string,
  keep: (key: string, obj: Record<string, unknown>) => boolean = () => false,
): unknown {
  return eachObject(body, route, (obj, place) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj)) {
      const wanted = isFixed(key, place) || keep(key, obj) ? key : rename(key);
      out[wanted !== key && (wanted in obj || wanted in out) ? key : wanted] = value;
    }
    return out;
  });
}

/** The members of a resource object and of its links (JSON:API's own words, not the API's fields). */
const RESOURCE_MEMBERS: ReadonlySet<string> = new Set([
  'type',
  'id',
  'attributes',
  'relationships',
  'data',
  'included',
]);

/**
 * Whether `key` is a structural member of a resource object, a relationship's link or an answer of
 * resources (`included`): a convention's words, which a style renaming the API's fields leaves alone (a
 * renamed `attributes` would be another structure, not another name for a field).
 */
export function isResourceMember(key: string, obj: Record<string, unknown>): boolean {
  if (!RESOURCE_MEMBERS.has(key)) return false;
  const keys = Object.keys(obj);
  const resource = keys.includes('type') && keys.includes('id');
  const link = keys.length <= 2 && 'data' in obj;
  return resource || link || ('included' in obj && 'data' in obj);
}
