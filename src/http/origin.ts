// DNS-rebinding protection for the HTTP transport: a page on evil.example resolved to 127.0.0.1
// sends Host: evil.example and Origin: http://evil.example. Both are checked here, with the SDK's
// validators (they parse the header and match its hostname against a list, port-agnostic) and, around
// them, what a hostname list cannot say (docs/development.md, "Host and Origin checks").
import {
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The host name of a Host header, without port, lowercased; IPv6 keeps its brackets; '' when unreadable. */
export function hostName(header: string): string {
  const result = validateHostHeader(header.trim(), []);
  return result.ok ? result.hostname : (result.hostname ?? '');
}

export interface OriginPolicy {
  bindHost: string;
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
}

export function hostAllowed(header: string | undefined, policy: OriginPolicy): boolean {
  const loopbackBind = isLoopbackHost(policy.bindHost.toLowerCase());
  const own = loopbackBind ? localhostAllowedHostnames() : [bracketed(policy.bindHost.toLowerCase())];
  const trimmed = header?.trim();
  const result = validateHostHeader(trimmed, [...own, ...policy.allowedHosts.map((h) => h.toLowerCase())]);
  if (result.ok) return true;
  if (!trimmed || result.errorCode !== 'invalid_host') return false;
  // The rest of 127.0.0.0/8 on a loopback bind, and a listed host:port, which the list cannot hold.
  if (loopbackBind && isLoopbackHost(result.hostname ?? '')) return true;
  return policy.allowedHosts.some((h) => h.toLowerCase() === trimmed.toLowerCase());
}

/**
 * No Origin (non-browser clients) passes; a browser Origin must be loopback, or listed as a whole origin
 * (scheme, host and port) or by "*". An empty one is refused: no browser sends it (the SDK lets it pass).
 */
export function originAllowed(header: string | undefined, policy: OriginPolicy): boolean {
  if (header === undefined) return true;
  if (header === '') return false;
  if (policy.allowedOrigins.includes('*') || policy.allowedOrigins.includes(header)) return true;
  const result = validateOriginHeader(header, localhostAllowedOrigins());
  if (result.ok) return true;
  return result.errorCode === 'invalid_origin' && isLoopbackHost(result.hostname ?? '');
}

/** An IPv6 address as a Host header's hostname carries it: in brackets. */
function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
