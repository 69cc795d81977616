// What only a program prints: `undefined`, `NaN`, `[object Object]` in any text, or a table cell that is
// `null` (a value printed as JavaScript writes it: the tables print an absent value as "–" and leave an
// unread one blank). The test runs fail an answer that prints one (tool.ts, under the replay check's
// flag); a server in use logs a warning and gives the answer.

const ANYWHERE = /\bundefined\b|\bNaN\b|\[object Object\]/;
const NULL_CELL = /\|\s*null\s*(?=\|)/;

/** The first code word `text` prints, or undefined. */
export function codeWordIn(text: string): string | undefined {
  // Every answer comes here: plain searches first, the patterns only when one of the words is there.
  const suspect =
    text.includes('undefined') || text.includes('NaN') || text.includes('[object') || text.includes('null');
  if (!suspect) return undefined;
  const found = ANYWHERE.exec(text);
  if (found) return found[0];
  return NULL_CELL.test(text) ? 'null' : undefined;
}
