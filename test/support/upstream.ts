// A made-up upstream on loopback for the file or describe block: `handler` answers every request, for a
// case no sandbox style writes (an answer shape of its own, a request that never answers).
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useOpened } from './hooks.js';

export function useUpstream(handler: RequestListener): { url: string } {
  return useOpened(
    async () => {
      const server = createServer(handler);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
    },
    async ({ server }) => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  );
}
