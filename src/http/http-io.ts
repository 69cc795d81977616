import type { IncomingMessage, ServerResponse } from 'node:http';

export type ReadResult =
  | { value: unknown; error?: undefined }
  | { error: { status: number; message: string } };

/** Reads a JSON body of at most `maxBytes`; a larger one is a 413, an unparsable one a 400. */
export async function readJson(req: IncomingMessage, maxBytes: number): Promise<ReadResult> {
  const tooLarge = { error: { status: 413, message: `Request body larger than ${maxBytes} bytes` } };
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return tooLarge;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Keep draining past the limit (without storing) so the 413 reaches the client.
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  if (size > maxBytes) return tooLarge;
  try {
    return { value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return { error: { status: 400, message: 'Parse error: the body is not JSON' } };
  }
}

export function json(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
}

/** A JSON-RPC error body, as MCP clients expect from the endpoint. */
export function reject(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  json(
    res,
    status,
    { jsonrpc: '2.0', error: { code: status === 400 ? -32700 : -32000, message }, id: null },
    headers,
  );
}
