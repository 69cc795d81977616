// Layers composed into one set of dialect hooks. A body is shaped by the layers in their order (the
// first sees the handler's answer); a request goes through them the other way (the last layer, the
// outermost, sees what the client sent), and each layer's `response` is handed the request as that
// layer received it. Gates are asked in order, the first answer wins; wire rewrites apply in order.
import type { DialectRequest, Gate, WireAnswer } from '../dialects/dialect.js';
import type { Hooks, Layer } from './piece.js';

export function composeLayers(layers: readonly Layer[]): Hooks {
  /** For a request the layers rewrote: what each layer received, by layer index. */
  const received = new WeakMap<DialectRequest, DialectRequest[]>();
  const wires = layers.flatMap((l) => (l.wire ? [l.wire.bind(l)] : []));
  return {
    request(req) {
      const seen: DialectRequest[] = [];
      let current = req;
      for (let i = layers.length - 1; i >= 0; i--) {
        seen[i] = current;
        const layer = layers[i] as Layer;
        if (layer.request) current = layer.request(current);
      }
      received.set(current, seen);
      return current;
    },
    response(body, req) {
      const seen = received.get(req);
      let out = body;
      layers.forEach((layer, i) => {
        if (layer.response) out = layer.response(out, seen?.[i] ?? req);
      });
      return out;
    },
    ...(layers.some((l) => l.gate)
      ? {
          gate(): Gate {
            const gates = layers.flatMap((l) => (l.gate ? [l.gate()] : []));
            return {
              admit: (request) =>
                gates.reduce<WireAnswer | undefined>((own, g) => own ?? g.admit(request), undefined),
            };
          },
        }
      : {}),
    ...(wires.length > 0
      ? {
          wire: (answer: WireAnswer, request: { readonly index: number }) =>
            wires.reduce((out, w) => w(out, request), answer),
        }
      : {}),
  };
}
