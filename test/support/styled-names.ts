// Test support for the `accents` style piece (src/sandbox/styles/accents.ts): a player's name beside his
// id is wanted exactly as the API spelt it; elsewhere names are compared as a reader spells them plainly,
// case kept ("Martin Ødegård" is "Martin Odegard", "Kévin" is "Kevin"), so a respelt name is the same
// fact and any other change is not.
const PLAIN: Readonly<Record<string, string>> = {
  ß: 'ss',
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'Ae',
  œ: 'oe',
  Œ: 'Oe',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
};
const UNDECOMPOSED = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'g');

/** A text with its letters spelt plainly. */
export function plainSpelt(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(UNDECOMPOSED, (c) => PLAIN[c] ?? c);
}

/** Every text of an answer spelt plainly (keys too). */
export function plainSpeltAll<T>(answer: T): T {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return plainSpelt(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [plainSpelt(k), walk(v)]));
    return value;
  };
  return walk(answer) as T;
}

/**
 * A finding of a different text that is the same text spelt plainly, where the text wanted is plain
 * (a name the harness could not respell: a name away from its id, a cell): no finding. A text wanted with
 * letters of its own and shown without them is a finding: the name was stripped.
 */
export function sameSpelt(f: { kind: string; plain: unknown; styled: unknown }): boolean {
  return (
    f.kind === 'wrong' &&
    typeof f.plain === 'string' &&
    typeof f.styled === 'string' &&
    plainSpelt(f.plain) === f.plain &&
    plainSpelt(f.plain) === plainSpelt(f.styled)
  );
}
