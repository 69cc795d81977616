// Field names the spec leaves open, written in another case: camelCase, PascalCase, kebab-case or
// UPPER_SNAKE, every one of them.
import { renameKeys } from './keys.js';
import type { Piece } from './piece.js';

const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export const CASES: Readonly<Record<string, (key: string) => string>> = {
  camelCase: (key) =>
    words(key)
      .map((w, i) => (i === 0 ? w : capital(w)))
      .join(''),
  PascalCase: (key) => words(key).map(capital).join(''),
  'kebab-case': (key) => words(key).join('-'),
  UPPER_SNAKE: (key) => words(key).join('_').toUpperCase(),
};

export const casing: Piece = {
  name: 'casing',
  chance: 0.4,
  make(draw) {
    const name = draw.pick(Object.keys(CASES));
    const cased = CASES[name] as (key: string) => string;
    return {
      describe: `open field names in ${name}`,
      response: (body, req) => renameKeys(body, req.route, cased),
    };
  },
};
