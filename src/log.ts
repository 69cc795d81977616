// Logs go to stderr only: stdout is the stdio transport's protocol channel.
// Every line passes through `redact`, so a secret that slips into a message is masked.
// The same masking cleans upstream answers of the keys as they arrive (src/api/client.ts).
import type { Writable } from 'node:stream';

export const MASK = '[redacted]';

declare const maskedMark: unique symbol;
/**
 * Text an upstream sent (a header, a media type, a coding's name), made only by `SecretMask.upstream`:
 * masked of the keys as it came in, so it may be kept, quoted or logged. Upstream text of any other type
 * has not passed the mask and must not reach a message.
 */
export type UpstreamText = string & { readonly [maskedMark]: true };
const MIN_SECRET_LENGTH = 4;

/**
 * Masks a set of secrets (keys, tokens) wherever they appear: as they are, as JSON writes them inside a
 * string (a secret with a quote or a backslash), and percent-encoded as in a URL (an upstream echoing the
 * query or a link). Shorter "secrets" are not masked: they would match ordinary text.
 */
export class SecretMask {
  /** Every form of every secret, longest first (a form inside a longer one is masked with it). */
  private readonly forms: string[];

  constructor(secrets: readonly (string | undefined)[]) {
    const kept = secrets.filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH);
    const forms = kept.flatMap((s) => [s, JSON.stringify(s).slice(1, -1), encodeURIComponent(s)]);
    this.forms = [...new Set(forms)].sort((a, b) => b.length - a.length);
  }

  get empty(): boolean {
    return this.forms.length === 0;
  }

  /** `text` with every form of every secret masked. */
  text(text: string): string {
    let masked = text;
    for (const form of this.forms) if (masked.includes(form)) masked = masked.replaceAll(form, MASK);
    return masked;
  }

  /** Upstream text, masked: the one way an `UpstreamText` is made. */
  upstream(text: string): UpstreamText {
    return this.text(text) as UpstreamText;
  }

  /**
   * Whether parsing the JSON `text` may give a string holding a secret: it names one, or it has escapes
   * (a secret can hide behind \u sequences). When not, the parsed value needs no cleaning.
   */
  mayHide(text: string): boolean {
    return !this.empty && (text.includes('\\') || this.forms.some((form) => text.includes(form)));
  }

  /**
   * A freshly parsed JSON value cleaned in place: every string and property name, at any depth (walked
   * with a list, not recursion: an upstream may nest deeply). Returns the same value.
   */
  json<T>(value: T): T {
    if (this.empty) return value;
    if (typeof value === 'string') return this.text(value) as T;
    const pending: object[] = value !== null && typeof value === 'object' ? [value] : [];
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const item = record[key];
        let kept = key;
        const masked = this.text(key);
        if (masked !== key && !Array.isArray(node)) {
          delete record[key];
          kept = masked;
        }
        if (typeof item === 'string') record[kept] = this.text(item);
        else {
          record[kept] = item;
          if (item !== null && typeof item === 'object') pending.push(item);
        }
      }
    }
    return value;
  }
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

/** Streams whose writes failed (their reader gone), and those a writer listens to for it. */
const gone = new WeakSet<Writable>();
const listened = new WeakSet<Writable>();

/**
 * Lines to `stream` until it fails: a reader gone (EPIPE: the parent, or the pipe the logs went to,
 * closed) leaves the process without logs from then on. Unheard, the stream's `error` event was an
 * uncaught exception that the HTTP process guard logged, to the same stream, failing again: one core
 * spun for ever on errors about writing errors.
 */
export function lineWriter(stream: Writable): (line: string) => void {
  if (!listened.has(stream)) {
    listened.add(stream);
    stream.on('error', () => gone.add(stream));
  }
  return (line) => {
    if (gone.has(stream) || stream.destroyed) return;
    stream.write(`${line}\n`);
  };
}

export function createLogger(
  level: LogLevel,
  secrets: readonly (string | undefined)[] = [],
  write: (line: string) => void = lineWriter(process.stderr),
): Logger {
  const mask = new SecretMask(secrets);
  const redact = (text: string) => mask.text(text);
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

/**
 * A redactor of the API key as a start may have been given it, before any configuration is read: the
 * variable and the `--api-key` flag (`--api-key value` or `--api-key=value`). For errors written before
 * a logger exists (a start that failed, doctor's argument errors).
 */
export function startRedactor(env: NodeJS.ProcessEnv, argv: readonly string[]): (text: string) => string {
  return createLogger('silent', [env.FOOTBALL_API_KEY, flagValue(argv, '--api-key')]).redact;
}

function flagValue(argv: readonly string[], flag: string): string | undefined {
  const at = argv.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (at < 0) return undefined;
  const arg = argv[at] as string;
  return arg.includes('=') ? arg.slice(flag.length + 1) : argv[at + 1];
}
