// What only a program prints: `[object Object]`, or `undefined`, `NaN` or `null` where a value stands (a
// whole table cell, in parentheses, after a colon ending a clause), as a template writes a value it did
// not have; the tables print an absent value as "–" and leave an unread one blank. Words of the API's own
// text ("xG is undefined for penalties") are none. The test runs fail an answer that prints one (tool.ts,
// under the replay check's flag); a server in use logs a warning and gives the answer.

const CODE_WORD =
  /\[object Object\]|\|\s*(undefined|NaN|null)\s*(?=\|)|\((undefined|NaN|null)\)|:\s(undefined|NaN)(?=[,;.)]|\s*$)/m;

/** The first code word `text` prints, or undefined. */
export function codeWordIn(text: string): string | undefined {
  // Every answer comes here: plain searches first, the pattern only when one of the words is there.
  const suspect =
    text.includes('undefined') || text.includes('NaN') || text.includes('[object') || text.includes('null');
  if (!suspect) return undefined;
  const found = CODE_WORD.exec(text);
  return found ? (found[1] ?? found[2] ?? found[3] ?? found[0]) : undefined;
}
