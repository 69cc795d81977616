// Every string a caller sends must be well-formed Unicode: a lone UTF-16 surrogate ("\ud800") cannot
// be encoded into a URL or JSON for the upstream, and would otherwise surface as an internal error.
import { InvalidArgumentError } from '../api/errors.js';

/** Throws an InvalidArgumentError naming the first argument (by path) holding a malformed string. */
export function assertWellFormed(value: unknown, path = 'arguments'): void {
  if (typeof value === 'string') {
    if (!value.isWellFormed() || value.includes('\u0000')) {
      throw new InvalidArgumentError(
        path,
        'contains a character that is not valid Unicode text (a lone surrogate or NUL). Send the name or id as plain text.',
      );
    }
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) assertWellFormed(item, `${path}[${i}]`);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      assertWellFormed(item, path === 'arguments' ? key : `${path}.${key}`);
  }
}
