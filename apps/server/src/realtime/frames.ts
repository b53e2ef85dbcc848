import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { WebSocket } from 'ws';

interface FrameOptions {
  fin: boolean;
  rsv1: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
}

// ws exports its frame builder (Sender) but @types/ws does not declare it.
const { Sender } = createRequire(import.meta.url)('ws') as {
  Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] };
};

/**
 * One broadcast is framed once and the same bytes are written to every socket, instead of
 * letting `ws` build a frame per socket: with 2,000 subscribers that is the difference between
 * one JSON.stringify + one frame and 2,000 of each. Compression is off, so a server frame is
 * just a header and the payload.
 */
export function frameOnce(text: string): Buffer {
  const parts = Sender.frame(Buffer.from(text), {
    fin: true,
    rsv1: false,
    opcode: 1,
    mask: false,
    readOnly: false,
  });
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/** ws's sender state when it is not busy compressing or reading a Blob (ws/lib/sender.js). */
const SENDER_IDLE = 0;

interface SocketInternals {
  _sender?: { _state?: number; _queue?: unknown[] };
  _socket?: Socket;
}

/** Past this much unsent data a client is too slow to keep; it is dropped and will reconnect. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * The TCP socket under an open WebSocket whose sender has nothing of its own in flight, so
 * that framed bytes can go straight to it in order; null when they cannot (closing, closed,
 * or ws is busy), and the caller falls back to `ws.send`. A client too slow to drain what it
 * was sent is terminated here.
 */
export function writableSocket(ws: WebSocket): Socket | null {
  if (ws.readyState !== WebSocket.OPEN) return null;
  const internals = ws as unknown as SocketInternals;
  const socket = internals._socket;
  const sender = internals._sender;
  if (!socket || !sender || sender._state !== SENDER_IDLE || sender._queue?.length) return null;
  if (socket.writableLength > MAX_BUFFERED_BYTES) {
    ws.terminate();
    return null;
  }
  return socket;
}
