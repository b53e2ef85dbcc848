import { createRequire } from 'node:module';
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

interface SenderInternals {
  _state?: number;
  sendFrame(list: Buffer[], cb?: () => void): void;
}

interface SocketInternals {
  _sender?: SenderInternals;
  _socket?: { writableLength: number };
}

/** Past this much unsent data a client is too slow to keep; it is dropped and will reconnect. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Writes a prepared frame; falls back to ws.send when the sender is busy with something else. */
export function sendFramed(ws: WebSocket, framed: Buffer, text: string): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  const internals = ws as unknown as SocketInternals;
  const buffered = internals._socket?.writableLength ?? 0;
  if (buffered > MAX_BUFFERED_BYTES) {
    ws.terminate();
    return;
  }
  const sender = internals._sender;
  if (sender && sender._state === 0 && typeof sender.sendFrame === 'function')
    sender.sendFrame([framed]);
  else ws.send(text);
}
