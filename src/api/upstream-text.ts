// The one door for an upstream's answer: its status, and its headers masked of the keys (names and
// values) before anything reads them, so no header can carry a key into a message, a log line, a note,
// the quota state or a metric. The body is masked as it is parsed (client.ts): every string and field
// name of the JSON, before anything reads, caches or shows it; a body that is not JSON is never quoted.
import type { Dispatcher } from 'undici';
import type { SecretMask, UpstreamText } from '../log.js';

export type UpstreamHeaders = Record<string, UpstreamText | UpstreamText[] | undefined>;

/** An upstream answer as the client reads it: headers masked, the body still to be read. */
export interface Admitted {
  statusCode: number;
  headers: UpstreamHeaders;
  body: Dispatcher.ResponseData['body'];
}

export function admit(response: Dispatcher.ResponseData, mask: SecretMask): Admitted {
  // No prototype: a header named __proto__ is a header like any other.
  const headers: UpstreamHeaders = Object.create(null);
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    headers[mask.text(name)] = Array.isArray(value)
      ? value.map((v) => mask.upstream(v))
      : mask.upstream(String(value));
  }
  return { statusCode: response.statusCode, headers, body: response.body };
}
