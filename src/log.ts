// Logs go to stderr only: stdout is the stdio transport's protocol channel.
// Every line passes through `redact`, so a secret that slips into a message is masked.
// The same masking cleans upstream answers of the keys as they arrive (src/api/client.ts).

const MASK = '[redacted]';
/** Shorter "secrets" are not masked: they would match ordinary text. */
const MIN_SECRET_LENGTH = 4;

/** The secrets worth masking: defined, long enough, each once. */
export function secretsOf(secrets: readonly (string | undefined)[]): string[] {
  return [
    ...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH)),
  ];
}

/**
 * `text` with every secret masked: as it is, as JSON writes it inside a string (a key with a quote or a
 * backslash), and percent-encoded as in a URL (an upstream echoing the query or a link).
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets) {
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])) {
      if (masked.includes(form)) masked = masked.split(form).join(MASK);
    }
  }
  return masked;
}

/** `value` (parsed JSON) with every secret masked in every string and property name, at any depth. */
export function withoutSecrets<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const clean = (v: unknown): unknown => {
    if (typeof v === 'string') return maskSecrets(v, secrets);
    if (Array.isArray(v)) return v.map(clean);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, item]) => [maskSecrets(k, secrets), clean(item)]));
  };
  return clean(value) as T;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** Masks every registered secret in `text`. */
  redact(text: string): string;
}

export function createLogger(
  level: LogLevel,
  secrets: readonly (string | undefined)[] = [],
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const masked = secretsOf(secrets);
  const redact = (text: string) => maskSecrets(text, masked);
  const emit = (at: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
    write(redact(`[football-scout-mcp] ${at} ${message}${extra}`));
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    redact,
  };
}
