// Identifiers are opaque: kept exactly as the API wrote them, and sent back the same. An id written as
// a JSON number past 2^53 (a 64-bit database key) loses digits in JSON.parse: 12345678901234567890
// comes back as 12345678901234567000, another player's id or none. Such integers are read as the text
// the API wrote (the reader takes ids as strings anyway); every other number is parsed as JSON does.

/** Strings (skipped whole) and integer literals of 16 digits or more standing alone, not inside a number. */
const TOKENS = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![.\deE])/g;
/**
 * Sixteen digits in a row, written out: V8 then looks 16 characters ahead and skips a page of JSON (no
 * long integers in it) ten times faster than through `\d{16}`, which it tries at every character.
 */
const LONG = new RegExp('[0-9]'.repeat(16));

/** `text` with each integer JSON.parse cannot keep exact written as a string of its digits. */
export function keepLongIntegers(text: string): string {
  if (!LONG.test(text)) return text;
  return text.replace(TOKENS, (token) =>
    token.startsWith('"') || Number.isSafeInteger(Number(token)) ? token : `"${token}"`,
  );
}
