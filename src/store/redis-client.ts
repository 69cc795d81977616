// How every Redis client of the stores connects: without the offline queue a command fails at once while
// Redis is down (the guard reports it), and the client reconnects in the background.
export function redisClientOptions(url: string) {
  return {
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 3000,
      reconnectStrategy: (retries: number) => Math.min(2000, 50 * 2 ** retries),
    },
  };
}
