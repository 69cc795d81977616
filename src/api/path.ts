import { InvalidArgumentError } from './errors.js';

/**
 * Encodes one path segment. `.` and `..` are refused because URL normalisation would turn them
 * into another route (`/v1/players/../leagues`); everything else is percent-encoded, `/` included.
 */
export function encodeSegment(value: string, name = 'id'): string {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === '.' || trimmed === '..') {
    throw new InvalidArgumentError(
      name,
      `${name} must be a player, team or coach identifier, not "${value}"`,
    );
  }
  if (!trimmed.isWellFormed()) {
    throw new InvalidArgumentError(name, `${name} is not valid Unicode text (a lone surrogate)`);
  }
  return encodeURIComponent(trimmed);
}

/** Fills the `:name` segments of a route template; every value goes through `encodeSegment`. */
export function buildPath(template: string, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeSegment(value, name);
  });
}
