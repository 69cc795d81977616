// Logs go to stderr only: stdout is the stdio transport's protocol channel.
// Every line passes through `redact`, so a secret that slips into a message is masked.

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
  const masked = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4);
  const redact = (text: string) => masked.reduce((acc, secret) => acc.split(secret).join('[redacted]'), text);
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
