// An argument's rules in words, read from its JSON Schema (the one tools/list shows): its bounds and
// default for its description (hosts that drop minimum, maximum and default still tell the model), and
// the allowed form and an example for the errors of src/mcp/arguments.ts.

export interface JsonSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  default?: unknown;
  /** Example values (`.meta({ examples })`): for refusals only, left out of tools/list. */
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}

/** "1-100, default 20", "1-8 items", "default true": the schema's numbers, as words. */
export function boundsInWords(schema: JsonSchema): string {
  const parts: string[] = [];
  const range = between(schema.minimum, schema.maximum);
  if (range) parts.push(range);
  const items = between(schema.minItems, schema.maxItems);
  if (items) parts.push(`${items} items`);
  // An empty list as default goes without saying: left out, none.
  const fallback = schema.default;
  if (fallback !== undefined && !(Array.isArray(fallback) && fallback.length === 0)) {
    parts.push(`default ${defaultInWords(fallback)}`);
  }
  return parts.join(', ');
}

/**
 * The description tools/list shows: the written one, then the bounds in words it does not state yet
 * ("Similar profiles; 1-50, default 5"). No closing period: every token of tools/list is paid for.
 */
export function describedWithBounds(schema: JsonSchema): string | undefined {
  const written = schema.description?.trim();
  const bounds = boundsInWords(schema);
  if (!bounds || (written && states(written, schema))) return written;
  if (!written) return capitalize(bounds);
  return `${written.replace(/\.$/, '')}; ${bounds}`;
}

/** Whether `written` already names every bound and the default of `schema`. */
function states(written: string, schema: JsonSchema): boolean {
  const numbers = [schema.minimum, schema.maximum, schema.minItems, schema.maxItems];
  const fallback = schema.default;
  if (typeof fallback === 'number' || typeof fallback === 'boolean') numbers.push(fallback as number);
  const words = new Set(written.match(/[\w.]+/g) ?? []);
  return numbers.every((n) => n === undefined || words.has(String(n)));
}

/** What the argument accepts, as a phrase: "a whole number from 1 to 100 (default 20)". */
export function allowedForm(schema: JsonSchema): string {
  const base = formOf(schema);
  const fallback = schema.default;
  const hasDefault = fallback !== undefined && !(Array.isArray(fallback) && fallback.length === 0);
  return hasDefault ? `${base} (default ${defaultInWords(fallback)})` : base;
}

/** An example value, as JSON text; undefined when the schema gives nothing to build one from. */
export function exampleOf(schema: JsonSchema): string | undefined {
  const value = exampleValue(schema);
  return value === undefined ? undefined : JSON.stringify(value);
}

function exampleValue(schema: JsonSchema): unknown {
  const fallback = schema.default;
  if (fallback !== undefined && !(Array.isArray(fallback) && fallback.length === 0)) return fallback;
  if (schema.examples && schema.examples.length > 0) return schema.examples[0];
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return schema.minimum ?? schema.maximum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'string') return quotedExample(schema.description);
  if (type === 'array') {
    const item = schema.items ? exampleValue(schema.items) : undefined;
    return item === undefined ? undefined : [item];
  }
  if (type === 'object') {
    const [name, first] = Object.entries(schema.properties ?? {})[0] ?? [];
    const value = first ? exampleValue(first) : undefined;
    return name && value !== undefined ? { [name]: value } : undefined;
  }
  return undefined;
}

function formOf(schema: JsonSchema): string {
  if (schema.enum) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const type = typeOf(schema);
  switch (type) {
    case 'integer':
      return `a whole number${numberRange(schema)}`;
    case 'number':
      return `a number${numberRange(schema)}`;
    case 'boolean':
      return 'true or false';
    case 'string': {
      const length = between(schema.minLength, schema.maxLength);
      return length ? `text of ${length} characters` : 'text';
    }
    case 'array': {
      const count = between(schema.minItems, schema.maxItems);
      const each = schema.items ? `, each ${formOf(schema.items)}` : '';
      return `a list of ${count ? `${count} ` : ''}items${each}`;
    }
    case 'object': {
      const names = Object.keys(schema.properties ?? {});
      return names.length > 0 ? `an object with ${names.join(', ')}` : 'an object';
    }
    default:
      return 'a value';
  }
}

function numberRange(schema: JsonSchema): string {
  const { minimum: min, maximum: max } = schema;
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

/** "1-100", "at least 2", "up to 10"; undefined when neither bound is set. */
function between(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `${min}` : `${min}-${max}`;
  if (min !== undefined) return `at least ${min}`;
  if (max !== undefined) return `up to ${max}`;
  return undefined;
}

function defaultInWords(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(', ');
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return type;
}

/** The first `e.g. "…"` of a description, the example a model was already shown. */
function quotedExample(description: string | undefined): string | undefined {
  const match = /e\.g\.\s*"([^"]+)"/.exec(description ?? '');
  return match?.[1];
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
