// DNS-rebinding protection for the HTTP transport: a page on evil.example resolved to 127.0.0.1
// sends Host: evil.example and Origin: http://evil.example. Both are checked here.

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The host name of a Host header, without port; IPv6 keeps its brackets. */
export function hostName(header: string): string {
  const trimmed = header.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.split(':')[0] ?? '';
}

export interface OriginPolicy {
  bindHost: string;
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
}

export function hostAllowed(header: string | undefined, policy: OriginPolicy): boolean {
  if (!header) return false;
  const name = hostName(header);
  if (policy.allowedHosts.some((h) => h.toLowerCase() === name || h.toLowerCase() === header.toLowerCase()))
    return true;
  if (isLoopbackHost(policy.bindHost)) return isLoopbackHost(name);
  return name === policy.bindHost.toLowerCase();
}

/** No Origin (non-browser clients) passes; a browser Origin must be loopback or listed. */
export function originAllowed(header: string | undefined, policy: OriginPolicy): boolean {
  if (header === undefined) return true;
  if (policy.allowedOrigins.includes('*') || policy.allowedOrigins.includes(header)) return true;
  try {
    const url = new URL(header);
    return isLoopbackHost(url.hostname.startsWith('[') ? url.hostname : url.hostname.toLowerCase());
  } catch {
    return false;
  }
}
