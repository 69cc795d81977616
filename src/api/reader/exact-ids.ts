// Identifiers are opaque: kept exactly as the API wrote them, and sent back the same. An id written as
// a JSON number past 2^53 (a 64-bit database key) loses digits in JSON.parse: 12345678901234567890
// comes back as 12345678901234567000, another player's id or none. Such integers are read as the text
// the API wrote (the reader takes ids as strings anyway); every other number is parsed as JSON does.

/** Strings (skipped whole) and integer literals of 16 digits or more standing alone, not inside a number. */
const TOKENS = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![.\deE])/g;
const LONG_RUN = 16;

/**
 * Whether `text` has sixteen digits in a row. Any such run covers one of every sixteenth character, so
 * only those are looked at, and the run around a digit found there measured: a page of JSON full of
 * short numbers (scores, ages, minutes) is passed in ~5 µs where a regular expression took ~50 µs of every
 * upstream answer (the 100-row ranking page of a cache miss, 2026-11-30), trying each character.
 */
export function hasLongDigitRun(text: string): boolean {
  for (let i = LONG_RUN - 1; i < text.length; i += LONG_RUN) {
    if (!isDigit(text.charCodeAt(i))) continue;
    let start = i;
    while (start > 0 && isDigit(text.charCodeAt(start - 1))) start -= 1;
    let end = i;
    while (end + 1 < text.length && isDigit(text.charCodeAt(end + 1))) end += 1;
    if (end - start + 1 >= LONG_RUN) return true;
    // A run after this one starts two characters on at least: the next look, 16 on, is within it.
    i = end;
  }
  return false;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** `text` with each integer JSON.parse cannot keep exact written as a string of its digits. */
export function keepLongIntegers(text: string): string {
  if (!hasLongDigitRun(text)) return text;
  return text.replace(TOKENS, (token) =>
    token.startsWith('"') || Number.isSafeInteger(Number(token)) ? token : `"${token}"`,
  );
}
