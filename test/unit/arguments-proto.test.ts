// A key "__proto__" anywhere in a tool's arguments (JSON.parse makes it an own property) is a plain key,
// unknown like any other: never the prototype of the object around it, whose fields the schema would
// then read as if they had been given. Placed at every depth of a schema with lists of objects.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonSchema } from '../../src/mcp/argument-words.js';
import { readArguments } from '../../src/mcp/arguments.js';

const Item = z.object({
  name: z.string().optional(),
  player_id: z.string().optional(),
  tags: z.array(z.string()).optional(),
});
const schema = z.object({
  watchlist: z.string(),
  add: z.array(Item).optional(),
  options: z
    .object({ note: z.string().optional(), nested: z.object({ level: z.number().optional() }).optional() })
    .optional(),
});
const json = z.toJSONSchema(schema) as JsonSchema;

const PROTO = { name: 'Injected', note: 'injected', level: 7, watchlist: 'injected', tags: ['x'] };

/** The arguments with `"__proto__": PROTO` written in at `place`, as a client's JSON would bring it. */
function withProtoAt(place: string): unknown {
  const proto = JSON.stringify(PROTO);
  const texts: Record<string, string> = {
    top: `{"__proto__":${proto},"add":[{"player_id":"p1"}]}`,
    'list item': `{"watchlist":"w","add":[{"__proto__":${proto},"player_id":"p1"}]}`,
    'second list item': `{"watchlist":"w","add":[{"player_id":"p0"},{"__proto__":${proto},"player_id":"p1"}]}`,
    'nested object': `{"watchlist":"w","options":{"__proto__":${proto}}}`,
    'object in an object': `{"watchlist":"w","options":{"nested":{"__proto__":${proto}}}}`,
  };
  return JSON.parse(texts[place] as string);
}

describe('"__proto__" in the arguments', () => {
  it.each(['top', 'list item', 'second list item', 'nested object', 'object in an object'])(
    'at the %s: read as a plain key, its fields never read as given',
    (place) => {
      let read: unknown;
      try {
        read = readArguments('update_watchlist', schema, json, withProtoAt(place));
      } catch (error) {
        // Refusing is allowed too; taking the prototype's watchlist is not.
        expect(String(error)).toMatch(/watchlist/);
        return;
      }
      const text = JSON.stringify(read);
      expect(text).not.toMatch(/[Ii]njected|"level":7/);
      const walk = (value: unknown) => {
        if (value === null || typeof value !== 'object') return;
        expect([Object.prototype, Array.prototype, null]).toContain(Object.getPrototypeOf(value));
        for (const inner of Object.values(value)) walk(inner);
      };
      walk(read);
      expect(({} as Record<string, unknown>).name).toBeUndefined();
    },
  );
});
