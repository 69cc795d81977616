// Field names the spec leaves open, renamed: to a language's words (German, Spanish, Italian, Dutch:
// the fields it has a word for) or to made-up words, a drawn share of them, the same name for a field
// in every answer.
import type { Draw } from './draw.js';
import { isResourceMember, renameKeys } from './keys.js';
import type { Piece } from './piece.js';
import { LANGUAGES, madeUpWord } from './words.js';

export const rename: Piece = {
  name: 'rename',
  chance: 0.5,
  make(draw: Draw) {
    const language = draw.pick([...Object.keys(LANGUAGES), 'made-up']);
    const words = LANGUAGES[language];
    const share = draw.pick([0.3, 0.6, 1]);
    const names = new Map<string, string>();
    const taken = new Set<string>();
    const nameOf = (key: string): string => {
      const known = names.get(key);
      if (known !== undefined) return known;
      // A field's fate is drawn from the field's name, so answers agree whatever order they come in.
      const own = draw.fork(key);
      let name = key;
      if (own.next() < share) name = words ? (words[key] ?? key) : madeUpWord(own);
      while (name !== key && taken.has(name)) name = `${name}_${own.int(2, 9)}`;
      taken.add(name);
      names.set(key, name);
      return name;
    };
    return {
      describe: `${share * 100}% of open field names ${words ? `in ${language}` : 'as made-up words'}`,
      response: (body, req) => renameKeys(body, req.route, nameOf, isResourceMember),
    };
  },
};
