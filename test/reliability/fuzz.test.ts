// Random, hostile arguments against every tool's input schema: every call is answered (a result or
// a validation error), none hits the internal-error path, the server stays up, and no id ever
// reaches the upstream as anything but one path segment of a known route.

import { ProtocolError } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fullInputSchema } from '../../src/mcp/compact-schema.js';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { TOOLS } from '../../tools/index.js';
import { call, structured, textOf, useSandboxSession } from '../support/mcp.js';
import { fitsOneRoute } from '../support/routes.js';
import { propertyRuns } from '../support/sample.js';

const RUNS_PER_TOOL = 60;

const hostile = fc.constantFrom(
  '/',
  '..',
  '.',
  '%2F',
  '%2e%2e',
  '?',
  '#',
  '../../v1/me',
  'ds_x/../../leagues',
  'a?limit=1000#frag',
  '\u0000\u202e',
  '🏟️ Ligue 1',
  ' ',
  '',
);
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  hostile,
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.oneof(
  scalar,
  fc.array(text, { maxLength: 12 }),
  fc.array(scalar, { maxLength: 4 }),
  fc.array(fc.record({ player_id: text, name: text, club: text }, { requiredKeys: [] }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }),
);

/** Loose: any value under any known key, plus unknown keys. Mostly refused by validation. */
function looseArgs(keys: readonly string[]) {
  const known = fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] });
  const unknown = fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 2 });
  return fc.tuple(known, unknown).map(([a, b]) => ({ ...b, ...a }) as Record<string, unknown>);
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/**
 * Shaped: hostile values that fit the schema the server checks (bounds included, which tools/list gives
 * only in words), so they get past validation.
 */
function shapedArgs(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(shapedArgs));
  switch (schema.type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 20_000;
      return text.map((t) => t.slice(0, max).padEnd(min, '.'));
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(shapedArgs(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 10, 10),
      });
    case 'object': {
      const props = schema.properties ?? {};
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, shapedArgs(v)])), {
        requiredKeys: (schema.required ?? []).filter((k) => k in props),
      });
    }
    default:
      return value;
  }
}

const session = useSandboxSession(
  {},
  { key: () => SANDBOX_PRO_FULL_KEY, config: { timeoutMs: 5_000, retries: 0 } },
);

describe('fuzzing every tool', () => {
  it.each(TOOLS.map((t) => [t.name, t.inputShape] as const))(
    '%s answers every random argument set',
    async (name, shape) => {
      const keys = Object.keys(shape);
      const checked = fullInputSchema(z.object(shape)) as JsonSchema;
      const shaped = shapedArgs(checked) as fc.Arbitrary<Record<string, unknown>>;
      await fc.assert(
        fc.asyncProperty(fc.oneof(looseArgs(keys), shaped), async (args) => {
          let text: string;
          try {
            text = textOf(await call(session.client, name, args));
          } catch (error) {
            // A protocol-level validation error is an answer too; anything else (timeout, closed) is not.
            expect(error).toBeInstanceOf(ProtocolError);
            text = (error as ProtocolError).message;
          }
          expect(text.length).toBeGreaterThan(0);
          expect(text).not.toMatch(/Internal error/);
        }),
        { ...propertyRuns(`fuzz ${name}`, RUNS_PER_TOOL), endOnFailure: true },
      );
      // Still up and serving after the barrage.
      const families: Record<string, object> = structured(await call(session.client, 'list_roles')).data;
      expect(Object.values(families).flatMap(Object.keys)).toHaveLength(31);
    },
  );

  it('no fuzzed id reached the upstream as anything but one segment of a known route', async () => {
    // The draws may hold no id with a path's own characters: one of each kind is sent whatever they drew.
    for (const id of ['ds_a/../../v1/leagues', 'x?role=faux_9', 'x#frag', '100%25', '%2F..%2F'])
      await call(session.client, 'player_history', { player_id: id });
    const strays = session.sandbox.requests().filter((r) => !fitsOneRoute(r.method, r.path));
    expect(strays).toEqual([]);
    // The shaped half of the inputs did reach the upstream, hostile ids in paths included, encoded.
    expect(session.sandbox.requests().length).toBeGreaterThan(30);
    const historyPaths = session.sandbox.requests().filter((r) => r.path.endsWith('/history'));
    expect(historyPaths.some((r) => /%2F|%3F|%23|%25/.test(r.path))).toBe(true);
  });
});
