// Test support: valid arguments for a tool, read from its full input schema (the one the server checks),
// with real ids where a test has found them, and the optional arguments set to null one by one.
import type { JsonSchema } from '../../src/mcp/argument-words.js';

/** A tool's full input schema, as src/mcp/argument-words.ts reads it. */
export type Schema = JsonSchema;

type Args = Record<string, unknown>;

/** Samplers over `known`: argument name -> a real value (ids), filled in by the test before use. */
export function argumentSamples(known: Args) {
  /** A valid value for `schema`: a real id where one is known, else its example, default or bounds. */
  function sample(name: string, schema: Schema): unknown {
    if (name in known) return known[name];
    const example = /e\.g\.\s*"([^"]+)"/.exec(schema.description ?? '')?.[1];
    if (schema.examples?.length) return schema.examples[0];
    if (schema.enum?.length) return schema.enum[0];
    if (schema.type === 'string') return example ?? 'x'.repeat(2);
    if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
    if (schema.type === 'boolean') return false;
    if (schema.type === 'array') {
      const item = sample(name, schema.items ?? {});
      return Array.from({ length: schema.minItems ?? 1 }, () => item);
    }
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([key]) => (schema.required ?? [key]).includes(key))
        .map(([key, value]) => [key, sample(key, value)]),
    );
  }

  /** The tool's required arguments, each with a valid value. */
  function baseArgs(schema: Schema): Record<string, unknown> {
    return Object.fromEntries(
      (schema.required ?? []).map((k) => [k, sample(k, schema.properties?.[k] ?? {})]),
    );
  }

  /** Every property of an object schema with a valid value, real ids where known. */
  function fullItem(name: string, schema: Schema): Record<string, unknown> {
    const all = Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(k, v)]),
    );
    return { ...all, ...((known[name] as Record<string, unknown>[] | undefined)?.[0] ?? {}) };
  }

  /**
   * Each optional argument, at the top or inside the objects of a list: the arguments with it set to null,
   * and the same arguments without it.
   */
  function nullCases(schema: Schema): [string, Record<string, unknown>, Record<string, unknown>][] {
    const base = baseArgs(schema);
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [];
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (!schema.required?.includes(name)) cases.push([name, { ...base, [name]: null }, base]);
      const item = property.items;
      for (const inner of Object.keys(item?.properties ?? {})) {
        if (item?.required?.includes(inner)) continue;
        const { [inner]: _left, ...without } = fullItem(name, item ?? {});
        cases.push([
          `${name}[0].${inner}`,
          { ...base, [name]: [{ ...without, [inner]: null }] },
          { ...base, [name]: [without] },
        ]);
      }
    }
    return cases;
  }

  /** The required arguments with valid values, and every optional one at the top set to null. */
  function withEveryOptionalNull(schema: Schema): Args {
    const nulls = Object.keys(schema.properties ?? {}).filter((k) => !schema.required?.includes(k));
    return { ...baseArgs(schema), ...Object.fromEntries(nulls.map((k) => [k, null])) };
  }

  return { sample, baseArgs, nullCases, withEveryOptionalNull };
}
