// The one form names are compared in, everywhere (search, resolve, suggestions, completions, role and
// statistic names, watchlist entries, the sandbox): "Martin Ødegård" and "martin odegaard" are one name.
// Imports nothing: every room, the sandbox included, may use it.

/** Letters that Unicode does not decompose into a base letter and a mark, as a reader would spell them plainly. */
const PLAIN_SPELLING: Readonly<Record<string, string>> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
  ŋ: 'n',
  ĸ: 'k',
  ſ: 's',
  ƒ: 'f',
  ɨ: 'i',
  ȷ: 'j',
};
const UNDECOMPOSED = new RegExp(`[${Object.keys(PLAIN_SPELLING).join('')}]`, 'g');

/** Apostrophes join the letters around them: "N'Golo" is "ngolo", "O’Neill" is "oneill". */
const APOSTROPHES = /['’‘ʼʻ`´]/g;

const ASCII = /^[\x20-\x7e]*$/;
const MARKS = /\p{M}/gu;

/** Already folded: nothing to do (role keys, statistic keys, most lookups). */
const FOLDED = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/**
 * Lower case, marks removed (é → e), letters without a decomposition spelled plainly (ø → o, ß → ss,
 * æ → ae, ł → l, þ → th …), apostrophes dropped, every other run of non-letters (spaces, hyphens,
 * underscores, dots, slashes) one `_`, none at either end: "Défenseur-Relanceur" → "defenseur_relanceur",
 * "Martin Ødegård" → "martin_odegard". Letters of other scripts are kept, lower-cased.
 */
export function fold(text: string): string {
  if (FOLDED.test(text)) return text;
  let folded = text.toLowerCase();
  // Plain ASCII (most names, every key) skips decomposing; what decomposes to ASCII joins it after.
  if (!ASCII.test(folded)) {
    folded = folded
      .replace(APOSTROPHES, '')
      .normalize('NFKD')
      .replace(MARKS, '')
      .toLowerCase()
      .replace(UNDECOMPOSED, (c) => PLAIN_SPELLING[c] ?? c);
  }
  if (ASCII.test(folded)) {
    return folded
      .replace(/['`]/g, '')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '');
  }
  return folded.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_+|_+$/g, '');
}

/** The folded words of a text: "Kylian Mbappé" → ["kylian", "mbappe"]. */
export function foldedWords(text: string): string[] {
  const folded = fold(text);
  return folded === '' ? [] : folded.split('_');
}

/** The same name, case, marks, spelling and punctuation aside: "Ødegård" and "odegard". */
export function sameFolded(a: string, b: string): boolean {
  return fold(a) === fold(b);
}
