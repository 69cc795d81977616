// Reading one upstream body as it comes: compressed or not, in whatever charset, under the byte cap.
//
// Decoding is node:zlib in a stream pipeline here rather than undici's `interceptors.decompress`: that
// interceptor is marked experimental (it prints an ExperimentalWarning on stderr once), skips error
// answers by default (a gateway's compressed 502 page would stay bytes), and would have to be composed
// into every dispatcher the client is given (the lazy pool, a hosted per-key queue, tests' MockAgent).
// Here one function sees every answer, counts the bytes on the wire and the decoded bytes against the
// same cap (a zip bomb is a TooLargeError after about `cap` bytes of output, never a full inflate), and
// can tell a broken compressed body from a cut connection.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import type { UpstreamText } from '../log.js';
import { TooLargeError } from './errors.js';
import type { Admitted } from './upstream-text.js';

type Decoder = () => NodeJS.ReadWriteStream;

const DECODERS: Readonly<Record<string, Decoder | 'deflate'>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  br: createBrotliDecompress,
  // zlib-wrapped per RFC 9110, but some servers send raw DEFLATE: told apart by the first bytes.
  deflate: 'deflate',
};

/** The Accept-Encoding the client sends: exactly what `readBody` can decode. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** More layers than this (gzip of gzip of …) is not an answer but an attack on the decoder. */
const MAX_LAYERS = 3;

export interface Body {
  /** The decoded text; undefined when it could not be decoded (`problem` says why). */
  text: string | undefined;
  /** Written by us, never upstream text: why the body could not be decoded. */
  problem?: string;
  /** The coding whose decoder failed on the bytes sent: a corrupt body, as opposed to one not decodable here. */
  corrupt?: string;
  /** The media type (no parameters), lower case, when the answer named one. */
  mediaType?: UpstreamText;
}

function header(response: Admitted, name: string): UpstreamText | undefined {
  const value = response.headers[name];
  return (Array.isArray(value) ? value.join(', ') : value) as UpstreamText | undefined;
}

/** A token fit to repeat in a message: the upstream's word (masked), cut short and stripped of anything odd. */
export function token(text: UpstreamText): UpstreamText {
  const clean = text.replace(/[^\x21-\x7e]/g, '?');
  return (clean.length > 40 ? `${clean.slice(0, 40)}…` : clean) as UpstreamText;
}

/**
 * Reads a body of at most `cap` bytes, on the wire and decoded: refused at once when Content-Length
 * says more, else counted while streaming and cut (the stream destroyed, so the connection and what it
 * buffered are let go) as soon as either count passes the cap. A whole read would hold any size (an
 * endless body grows memory without bound, 2 GiB passes V8's longest string). Throws TooLargeError, or
 * what the connection threw (the caller makes it a network error or a timeout).
 *
 * The body stream is given an `error` listener before anything else and keeps it: undici emits an error
 * on a body destroyed before its end (RequestAbortedError, on a later turn of the event loop), and an
 * `error` event nobody listens to is an uncaught exception, which ends the process. Every way out of
 * here lets the body go (destroyed unless read to its end).
 */
export async function readBody(response: Admitted, cap: number): Promise<Body> {
  const { body } = response;
  const failures = new Failures();
  body.on('error', (error) => failures.note('transport', error));
  try {
    return await readGuarded(response, cap, failures);
  } finally {
    if (!body.destroyed) body.destroy();
  }
}

/** What failed first while reading a compressed body: the connection, a decoder, or the cap. */
class Failures {
  first: { kind: 'transport' | 'limit'; error: unknown } | { kind: 'decoder'; coding: string } | undefined;
  note(kind: 'transport' | 'limit', error: unknown): void {
    this.first ??= { kind, error };
  }
  decoder(coding: string): void {
    this.first ??= { kind: 'decoder', coding };
  }
}

async function readGuarded(response: Admitted, cap: number, failures: Failures): Promise<Body> {
  const { body, statusCode } = response;
  const contentType = header(response, 'content-type');
  const mediaType = (contentType?.split(';')[0]?.trim().toLowerCase() || undefined) as
    | UpstreamText
    | undefined;
  const withType = (b: Body): Body => (mediaType ? { ...b, mediaType: token(mediaType) } : b);
  const length = response.headers['content-length'];
  const declared = Number(Array.isArray(length) ? length[0] : length);
  if (length !== undefined && Number.isFinite(declared) && declared > cap)
    throw new TooLargeError(cap, declared, statusCode);
  const encodings = (header(response, 'content-encoding') ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase() as UpstreamText)
    .filter((e) => e !== '' && e !== 'identity');
  const unknown = encodings.find((e) => !Object.hasOwn(DECODERS, e));
  if (unknown !== undefined || encodings.length > MAX_LAYERS) {
    const why =
      unknown !== undefined
        ? `compressed as "${token(unknown)}", which this client cannot decode (it asks for ${ACCEPT_ENCODING})`
        : `compressed ${encodings.length} times over (${token(encodings.join(',') as UpstreamText)}; at most ${MAX_LAYERS} layers are decoded)`;
    return withType({ text: undefined, problem: `body ${why}` });
  }

  if (encodings.length === 0)
    return withType({ text: decodeText(await readPlain(response, cap), contentType) });
  let wire = 0;
  let decoded = 0;
  const chunks: Buffer[] = [];
  const overCap = () => {
    const error = new TooLargeError(cap, undefined, statusCode);
    failures.note('limit', error);
    return error;
  };
  const countWire = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      wire += chunk.length;
      if (wire > cap) throw overCap();
      yield chunk;
    }
  };
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      decoded += chunk.length;
      if (decoded > cap) throw overCap();
      chunks.push(chunk);
    }
  };
  // Content-Encoding lists the codings in the order applied: undone last first.
  const stages = encodings.toReversed().map((coding) => decoderFor(coding, () => failures.decoder(coding)));
  try {
    await runPipeline(body, countWire, ...stages, collect);
  } catch (error) {
    // The first failure names what happened: once one stage fails the pipeline tears the others down,
    // and each of them may then fail in its own way (the body aborted, a decoder cut mid-stream).
    const first = failures.first;
    if (first?.kind === 'limit' || first?.kind === 'transport') throw first.error;
    if (first === undefined && error instanceof TooLargeError) throw error;
    const coding = first?.kind === 'decoder' ? first.coding : (encodings.at(-1) as string);
    return withType({
      text: undefined,
      corrupt: coding,
      problem: `the API sent a corrupt ${coding} body (it could not be decoded)`,
    });
  }
  return withType({ text: decodeText(Buffer.concat(chunks, decoded), contentType) });
}

/** An uncompressed body, counted while streaming: the common case, without a pipeline's stages. */
async function readPlain({ body, statusCode }: Admitted, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > cap) throw new TooLargeError(cap, undefined, statusCode);
    chunks.push(chunk);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
}

/**
 * The decoder of one coding, which calls `failed` when it fails on the bytes it is given; `deflate`
 * looks at the first two bytes for a zlib header.
 */
function decoderFor(encoding: string, failed: () => void) {
  const decoder = DECODERS[encoding] as Decoder | 'deflate';
  const watched = (stream: NodeJS.ReadWriteStream) => {
    stream.once('error', failed);
    return stream;
  };
  if (decoder !== 'deflate') return watched(decoder());
  return async function* (source: AsyncIterable<Buffer>) {
    const iterator = source[Symbol.asyncIterator]();
    const head: Buffer[] = [];
    let size = 0;
    while (size < 2) {
      const next = await iterator.next();
      if (next.done) break;
      head.push(next.value);
      size += next.value.length;
    }
    const start = Buffer.concat(head);
    // RFC 1950: CM = 8 in the low nibble, and the two bytes a multiple of 31.
    const zlibWrapped =
      start.length >= 2 && (start[0] ?? 0) % 16 === 8 && ((start[0] ?? 0) * 256 + (start[1] ?? 0)) % 31 === 0;
    const inflate = watched(zlibWrapped ? createInflate() : createInflateRaw());
    const rest = (async function* () {
      yield start;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })();
    // A failure on either side ends the iteration below with it; the rejection itself is not needed.
    runPipeline(Readable.from(rest), inflate).catch(() => undefined);
    yield* inflate as AsyncIterable<Buffer>;
  };
}

/** stream/promises' pipeline, whose typings do not take async generator stages in a spread. */
const runPipeline = pipeline as (...stages: unknown[]) => Promise<void>;

const FATAL_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Text of a JSON body, generously: a byte-order mark says the encoding (UTF-8, UTF-16) and is dropped;
 * so does UTF-16 without one (JSON begins with an ASCII character, so a zero byte first or second). Valid
 * UTF-8 is read as UTF-8 whatever the Content-Type says (JSON is UTF-8, and a server that labels it
 * ISO-8859-1 by default is far more common than Latin-1 that happens to be valid UTF-8); otherwise the
 * declared charset, else windows-1252 (a superset of Latin-1, what such bodies are in practice).
 */
export function decodeText(bytes: Uint8Array, contentType: string | undefined): string {
  const [b0, b1] = [bytes[0], bytes[1]];
  if (b0 === 0xfe && b1 === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (b0 === 0xff && b1 === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes.length >= 2 && b0 === 0 && b1 !== 0) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.length >= 2 && b0 !== 0 && b1 === 0) return new TextDecoder('utf-16le').decode(bytes);
  try {
    // Drops a leading UTF-8 BOM.
    return FATAL_UTF8.decode(bytes);
  } catch {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
    return new TextDecoder(usableCharset(charset) ?? 'windows-1252').decode(bytes);
  }
}

function usableCharset(label: string | undefined): string | undefined {
  if (!label || /^utf-?8$/i.test(label)) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}
