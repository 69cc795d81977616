// How deeply a JSON text nests, found by one pass over its characters before it is parsed: a message
// nested thousands of levels deep (an `id` of `[[[[…]]]]`) parses, then overflows the stack of every
// recursive walk after it (the SDK's validation, JSON.stringify), which turned it into an HTTP 500.

/** Where the bound on nesting is set; named in the refusal so a caller or operator knows what to change. */
export const MAX_JSON_DEPTH_SETTING = '--max-json-depth / FOOTBALL_MCP_MAX_JSON_DEPTH';

/** Whether `text` opens more than `max` arrays and objects inside one another (strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The refusal of a message nested past `max`, saying the bound and where it is set. */
export function tooDeepMessage(max: number): string {
  return `Invalid request: the JSON nests arrays and objects more than ${max} levels deep (the bound is set by ${MAX_JSON_DEPTH_SETTING})`;
}
