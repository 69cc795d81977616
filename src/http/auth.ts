// Who may use the HTTP endpoint, and with which upstream key.
//
// Server tokens (--auth-tokens) gate access: `Authorization: Bearer <token>` must carry one, and a
// caller's own Football API key then travels in `X-API-Key`. Without server tokens, a Bearer value
// is taken as the caller's Football API key (the same as X-API-Key). Tokens are checked first, so a
// Bearer value is never both.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sha256 } from '../lib/canonical.js';
import { StartError } from '../start-error.js';
import { isLoopbackHost } from './origin.js';

export interface AccessPolicy {
  tokens: readonly string[];
  requireCallerKey: boolean;
}

export interface Credentials {
  /** The caller's own upstream key, if it sent one: used for its session or request only. */
  upstreamKey: string | undefined;
  /** A hash of token and key: a session answers only to the credentials that opened it. */
  fingerprint: string;
  /**
   * With server tokens, which one the caller holds (a hash, never the token): it owns the watchlists
   * of a caller that brings no key of its own, so token holders never share lists.
   */
  tokenId?: string;
}

export type AuthResult = { ok: true; credentials: Credentials } | { ok: false; message: string };

export function authenticate(req: IncomingMessage, policy: AccessPolicy): AuthResult {
  const bearer = bearerOf(req);
  const apiKeyHeader = headerValue(req, 'x-api-key')?.trim() || undefined;
  let upstreamKey = apiKeyHeader;
  let token = '';
  if (policy.tokens.length > 0) {
    if (!bearer || !tokenMatches(bearer, policy.tokens)) {
      return {
        ok: false,
        message:
          'Unauthorized: send a server access token as Authorization: Bearer <token> (your Football API key goes in X-API-Key)',
      };
    }
    token = bearer;
  } else {
    upstreamKey ??= bearer;
  }
  if (policy.requireCallerKey && !upstreamKey) {
    return {
      ok: false,
      message:
        policy.tokens.length > 0
          ? 'Unauthorized: this server needs your own Football API key in the X-API-Key header'
          : 'Unauthorized: this server needs your own Football API key in X-API-Key (or Authorization: Bearer <key>)',
    };
  }
  return {
    ok: true,
    credentials: {
      upstreamKey,
      fingerprint: sha256(`${token}\n${upstreamKey ?? ''}`),
      ...(token ? { tokenId: sha256(`token\n${token}`) } : {}),
    },
  };
}

/** True when the request carries one of the server tokens, or when none is configured. */
export function tokenAccepted(req: IncomingMessage, policy: AccessPolicy): boolean {
  if (policy.tokens.length === 0) return true;
  const bearer = bearerOf(req);
  return bearer !== undefined && tokenMatches(bearer, policy.tokens);
}

/** A non-loopback bind is refused unless every caller must authenticate. */
export function assertBindAllowed(bindHost: string, policy: AccessPolicy): void {
  if (isLoopbackHost(bindHost.toLowerCase())) return;
  if (policy.tokens.length > 0 || policy.requireCallerKey) return;
  throw new StartError(
    `refusing to serve on ${bindHost} (not loopback) without authentication: set FOOTBALL_MCP_AUTH_TOKENS (--auth-tokens) to server tokens, ` +
      'or FOOTBALL_MCP_REQUIRE_CALLER_KEY=true (--require-caller-key) so each caller brings its own Football API key; or bind to 127.0.0.1.',
  );
}

function bearerOf(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headerValue(req, 'authorization') ?? '');
  return match?.[1];
}

function tokenMatches(candidate: string, tokens: readonly string[]): boolean {
  const given = Buffer.from(sha256(candidate), 'hex');
  // Every token is compared, in constant time, so the timing tells nothing.
  return tokens.reduce(
    (found, token) => timingSafeEqual(given, Buffer.from(sha256(token), 'hex')) || found,
    false,
  );
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
