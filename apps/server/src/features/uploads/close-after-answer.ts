import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Ends a connection whose request body was refused half read (an upload over the limit)
 * without reading the rest of it, however large it is.
 *
 * Closing the socket at once would make the kernel reset the connection while the client is
 * still sending, and most clients then lose the answer (the 413) along with it. So after the
 * answer is out, a little more of the body is read and thrown away — at most `maxBytes` or
 * `maxMs` — giving the client time to read the answer, and then the socket is destroyed.
 */
export function closeAfterAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  maxBytes = 4 * 1024 * 1024,
  maxMs = 2000,
): void {
  const socket = request.socket;
  // Injected requests (tests) have a stand-in socket with nothing to close.
  if (typeof (socket as Partial<typeof socket> | null)?.destroy !== 'function') return;
  response.once('finish', () => {
    let drained = 0;
    const stop = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(stop, maxMs);
    timer.unref();
    request.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > maxBytes) stop();
    });
    request.once('end', () => clearTimeout(timer));
    request.resume();
  });
}
