/**
 * A minimal WebSocket client (RFC 6455) for the load clients, over `node:net`.
 *
 * Why not the `ws` library: the bench holds 2,000 sockets on one core, and with `ws` the
 * clients spend about 9 µs of CPU per delivery (its receiver is a Writable stream with
 * per-frame state, events and checks the bench does not need; the socket's own Readable stream
 * and a fresh buffer per read come on top). At 40k deliveries/s that makes the measuring clients,
 * not the server, decide the latency. This client does only what the bench needs: no TLS, no
 * extensions, no subprotocols, small masked text frames out. On the way in, every socket of the
 * process reads into one shared buffer (net's `onread`, no Readable stream, no allocation per
 * read), and a read holding one small complete frame costs one subarray for the payload and
 * nothing else.
 *
 * API, close to `ws` where the client worker uses it: events 'open', 'error' (then 'close'),
 * 'close' (code); `onMessage(payload)` called with a Buffer of the payload (text or binary,
 * not converted), valid only during the call (it points into the shared read buffer: copy what
 * must be kept); send(text), close(code), terminate().
 */
import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { connect } from 'node:net';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const HEAD_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);
/** A larger announced length is a broken stream, not a message worth allocating for. */
const MAX_PAYLOAD = 64 * 1024 * 1024;
const MAX_RESPONSE_HEAD = 16 * 1024;
/** Longest header of a server frame: 2 bytes, then a 64-bit length (server frames are unmasked). */
const MAX_HEADER = 10;
/**
 * Every socket of the process reads into this buffer, one read at a time: net calls `onread`
 * synchronously after each read, and the parser copies out whatever must outlive the call
 * (a split frame, a fragment), so the next read may overwrite it.
 */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

export const CONNECTING = 0;
export const OPEN = 1;
export const CLOSING = 2;
export const CLOSED = 3;

const acceptFor = (key) =>
  createHash('sha1')
    .update(key + GUID)
    .digest('base64');

export class LightWebSocket extends EventEmitter {
  /**
   * @param {string} url ws://host:port/path?query
   * @param {{ onMessage?: (payload: Buffer) => void, sharedReadBuffer?: boolean }} [options]
   *   sharedReadBuffer false: reads come as net's 'data' chunks (one new buffer per read, through
   *   the Readable stream), for comparison; the parser is the same.
   */
  constructor(url, { onMessage = null, sharedReadBuffer = true } = {}) {
    super();
    const target = new URL(url);
    if (target.protocol !== 'ws:') throw new Error(`light-ws speaks ws:// only, not ${url}`);
    this.onMessage = onMessage;
    this.readyState = CONNECTING;
    this.closeCode = 1006;
    this.closeSent = false;
    this.closeTimer = null;
    /** Set once nothing more may be read: close received, terminated or failed. */
    this.done = false;
    this.failed = false;
    this.key = randomBytes(16).toString('base64');
    /** Response head bytes received so far, until \r\n\r\n. */
    this.responseHead = null;
    // The frame being read: its first byte and payload length, from the last header parsed.
    this.first = 0;
    this.length = 0;
    /** A header split across chunks: its bytes so far (lazily allocated, rare). */
    this.headerBytes = null;
    this.headerFill = 0;
    /** A payload split across chunks: allocated once at its full size, filled chunk by chunk. */
    this.payload = null;
    this.filled = 0;
    /** Fragments of a message sent in several frames (null when none is under way). */
    this.fragments = null;
    this.fragmentsLength = 0;

    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    const path = (target.pathname || '/') + target.search;
    const request =
      `GET ${path} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\n` +
      `Connection: Upgrade\r\nSec-WebSocket-Key: ${this.key}\r\nSec-WebSocket-Version: 13\r\n\r\n`;
    const read = (chunk, end) => {
      if (this.readyState === CONNECTING) this.handshake(chunk, end);
      else if (!this.done) this.receive(chunk, end);
    };
    const socket = sharedReadBuffer
      ? connect({
          host,
          port: Number(target.port || 80),
          onread: { buffer: READ_BUFFER, callback: (nread, buffer) => read(buffer, nread) },
        })
      : connect({ host, port: Number(target.port || 80) });
    if (!sharedReadBuffer) socket.on('data', (chunk) => read(chunk, chunk.length));
    this.socket = socket;
    // Deliveries are small frames; Nagle would hold back our subscribe and pong frames.
    socket.setNoDelay(true);
    socket.on('connect', () => socket.write(request));
    socket.on('error', (error) => {
      if (this.failed) return;
      this.failed = true;
      this.done = true;
      this.emit('error', error);
    });
    socket.on('close', () => {
      this.done = true;
      this.readyState = CLOSED;
      clearTimeout(this.closeTimer);
      this.emit('close', this.closeCode);
    });
  }

  /** Reads the response head from chunk[0..length); the bytes after it are already frames. */
  handshake(chunk, length) {
    const data = this.responseHead
      ? Buffer.concat([this.responseHead, chunk.subarray(0, length)])
      : chunk.subarray(0, length);
    const end = data.indexOf(HEAD_END);
    if (end < 0) {
      if (data.length > MAX_RESPONSE_HEAD)
        this.fail(new Error('handshake response head too large'));
      // A copy: the read buffer is reused.
      else this.responseHead = this.responseHead ? data : Buffer.from(data);
      return;
    }
    this.responseHead = null;
    const lines = data.toString('latin1', 0, end).split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]);
    // Worded like ws's error, so the worker's error kinds read the same with either client.
    if (!status || status[1] !== '101')
      return this.fail(
        new Error(`Unexpected server response: ${status ? status[1] : lines[0].slice(0, 40)}`),
      );
    const headers = {};
    for (let i = 1; i < lines.length; i++) {
      const colon = lines[i].indexOf(':');
      if (colon > 0)
        headers[lines[i].slice(0, colon).trim().toLowerCase()] = lines[i].slice(colon + 1).trim();
    }
    if (headers.upgrade?.toLowerCase() !== 'websocket')
      return this.fail(new Error('Invalid Upgrade header'));
    if (!/(^|,)\s*upgrade\s*(,|$)/i.test(headers.connection ?? ''))
      return this.fail(new Error('Invalid Connection header'));
    if (headers['sec-websocket-accept'] !== acceptFor(this.key))
      return this.fail(new Error('Invalid Sec-WebSocket-Accept header'));
    if (headers['sec-websocket-extensions'])
      return this.fail(new Error('Server sent an extension that was not offered'));
    this.readyState = OPEN;
    this.emit('open');
    // A server may send its first frames in the same segment as the 101.
    if (end + 4 < data.length && !this.done) this.receive(data.subarray(end + 4));
  }

  /**
   * Parses the frames in chunk[0..end), one read from the server. Complete frames are delivered
   * as subarrays of the chunk; only a frame split across reads is copied, each byte once.
   */
  receive(chunk, end = chunk.length) {
    let pos = 0;
    if (this.payload !== null) {
      pos = this.fillPayload(chunk, end);
      if (pos < 0) return;
    } else if (this.headerFill > 0) {
      pos = this.completeHeader(chunk, end);
      if (pos < 0) return;
      pos = this.body(chunk, pos, end);
      if (pos < 0) return;
    }
    while (pos < end && !this.done) {
      const size = this.header(chunk, pos, end);
      if (size <= 0) {
        if (size === 0) this.keepHeader(chunk, pos, end);
        return;
      }
      pos = this.body(chunk, pos + size, end);
      if (pos < 0) return;
    }
  }

  /**
   * Reads a frame header at buf[pos..end) into this.first and this.length. Returns its size,
   * 0 when the header is not all there yet, -1 on a protocol error (the socket is failed).
   */
  header(buf, pos, end) {
    if (end - pos < 2) return 0;
    const first = buf[pos];
    const second = buf[pos + 1];
    if (first & 0x70) return this.protocolError('reserved bits set (no extension was agreed)');
    if (second & 0x80) return this.protocolError('server frames must not be masked');
    const opcode = first & 0x0f;
    let length = second & 0x7f;
    let size = 2;
    if (length === 126) {
      if (end - pos < 4) return 0;
      length = buf.readUInt16BE(pos + 2);
      size = 4;
    } else if (length === 127) {
      if (end - pos < 10) return 0;
      const high = buf.readUInt32BE(pos + 2);
      length = high * 2 ** 32 + buf.readUInt32BE(pos + 6);
      size = 10;
    }
    if (opcode >= 8 && (length > 125 || !(first & 0x80)))
      return this.protocolError('control frames must be short and unfragmented');
    if (length > MAX_PAYLOAD) return this.protocolError(`frame of ${length} bytes`);
    this.first = first;
    this.length = length;
    return size;
  }

  /** The payload of the header just read starts at chunk[start]; returns where the next frame starts, or -1. */
  body(chunk, start, end) {
    const stop = start + this.length;
    if (stop > end) {
      this.payload = Buffer.allocUnsafe(this.length);
      this.filled = chunk.copy(this.payload, 0, start, end);
      return -1;
    }
    this.frame(this.first, chunk.subarray(start, stop));
    return stop;
  }

  /** The rest of a split payload; returns the position after it, or -1 when the chunk was all payload. */
  fillPayload(chunk, end) {
    const need = this.payload.length - this.filled;
    if (end < need) {
      this.filled += chunk.copy(this.payload, this.filled, 0, end);
      return -1;
    }
    chunk.copy(this.payload, this.filled, 0, need);
    const payload = this.payload;
    this.payload = null;
    this.filled = 0;
    this.frame(this.first, payload);
    return need;
  }

  keepHeader(chunk, pos, end) {
    if (this.headerBytes === null) this.headerBytes = Buffer.allocUnsafe(MAX_HEADER);
    this.headerFill = chunk.copy(this.headerBytes, 0, pos, end);
  }

  /** Completes a split header from the new chunk; returns where its payload starts, or -1. */
  completeHeader(chunk, end) {
    const had = this.headerFill;
    const added = chunk.copy(this.headerBytes, had, 0, Math.min(end, MAX_HEADER - had));
    const size = this.header(this.headerBytes, 0, had + added);
    if (size < 0) return -1;
    if (size === 0) {
      this.headerFill = had + added;
      return -1;
    }
    this.headerFill = 0;
    return size - had;
  }

  frame(first, payload) {
    const opcode = first & 0x0f;
    const fin = (first & 0x80) !== 0;
    if (opcode === 1 || opcode === 2) {
      if (this.fragments !== null) return this.protocolError('new message inside a fragmented one');
      if (fin) {
        if (this.onMessage !== null) this.onMessage(payload);
      } else {
        // Copies, as the read buffer is reused; the bench's servers never fragment anyway.
        this.fragments = [Buffer.from(payload)];
        this.fragmentsLength = payload.length;
      }
    } else if (opcode === 0) {
      if (this.fragments === null) return this.protocolError('continuation without a message');
      this.fragments.push(fin ? payload : Buffer.from(payload));
      this.fragmentsLength += payload.length;
      if (this.fragmentsLength > MAX_PAYLOAD)
        return this.protocolError(`message of over ${MAX_PAYLOAD} bytes`);
      if (fin) {
        const message = Buffer.concat(this.fragments, this.fragmentsLength);
        this.fragments = null;
        this.fragmentsLength = 0;
        if (this.onMessage !== null) this.onMessage(message);
      }
    } else if (opcode === 8) {
      this.closeReceived(payload);
    } else if (opcode === 9) {
      this.sendFrame(0x0a, payload);
    } else if (opcode !== 0x0a) {
      this.protocolError(`unknown opcode ${opcode}`);
    }
  }

  /** The server's close: answered with the same status code (if we have not sent ours), then end. */
  closeReceived(payload) {
    this.closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
    if (!this.closeSent) {
      this.closeSent = true;
      this.sendFrame(0x08, payload.length >= 2 ? payload.subarray(0, 2) : EMPTY);
    }
    this.done = true;
    this.readyState = CLOSING;
    this.socket.end();
  }

  /** A masked frame (clients must mask); small payloads are all the bench sends. */
  sendFrame(opcode, data) {
    const text = typeof data === 'string';
    const length = text ? Buffer.byteLength(data) : data.length;
    const head = length < 126 ? 2 : length < 65536 ? 4 : 10;
    const frame = Buffer.allocUnsafe(head + 4 + length);
    frame[0] = 0x80 | opcode;
    if (head === 2) {
      frame[1] = 0x80 | length;
    } else if (head === 4) {
      frame[1] = 0x80 | 126;
      frame.writeUInt16BE(length, 2);
    } else {
      frame[1] = 0x80 | 127;
      frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
      frame.writeUInt32BE(length >>> 0, 6);
    }
    randomFillSync(frame, head, 4);
    const start = head + 4;
    if (text) frame.write(data, start);
    else data.copy(frame, start);
    for (let i = 0; i < length; i++) frame[start + i] ^= frame[head + (i & 3)];
    return this.socket.write(frame);
  }

  /** Sends a text message; ignored unless open (as a late pong after a close would be). */
  send(text) {
    if (this.readyState !== OPEN) return false;
    return this.sendFrame(0x01, String(text));
  }

  /** The closing handshake: our close frame, then the server's answer ends the connection. */
  close(code = 1000) {
    if (this.readyState === CONNECTING) return this.terminate();
    if (this.readyState !== OPEN) return;
    this.readyState = CLOSING;
    this.closeSent = true;
    const payload = Buffer.allocUnsafe(2);
    payload.writeUInt16BE(code, 0);
    this.sendFrame(0x08, payload);
    // A server that never answers must not keep the socket forever.
    this.closeTimer = setTimeout(() => this.socket.destroy(), 5000);
    this.closeTimer.unref();
  }

  /** Drops the connection at once, as a network failure would. */
  terminate() {
    this.done = true;
    if (this.readyState !== CLOSED) this.readyState = CLOSING;
    this.socket.destroy();
  }

  /** 'error' (once), then the socket is destroyed, which brings 'close'. */
  fail(error) {
    this.done = true;
    this.socket.destroy();
    if (this.failed) return;
    this.failed = true;
    this.emit('error', error);
  }

  protocolError(reason) {
    this.fail(new Error(`WebSocket protocol error: ${reason}`));
    return -1;
  }
}
