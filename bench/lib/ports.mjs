import { createServer } from 'node:net';

/** A port nobody listens on right now: let the kernel pick one on 127.0.0.1, then free it. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
