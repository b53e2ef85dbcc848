import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Connection } from './connection';
import { FanOut } from './fan-out';

/** A socket that records what reaches the wire: one entry per write, corked writes joined. */
class FakeSocket {
  writableLength = 0;
  readonly wire: string[] = [];
  private corks = 0;
  private held: Buffer[] = [];
  write(bytes: Buffer): boolean {
    if (this.corks > 0) this.held.push(bytes);
    else this.wire.push(unframe(bytes).join('|'));
    return true;
  }
  cork(): void {
    this.corks += 1;
  }
  uncork(): void {
    this.corks -= 1;
    if (this.corks === 0 && this.held.length > 0) {
      this.wire.push(this.held.flatMap(unframe).join('|'));
      this.held = [];
    }
  }
}

/** The texts of the unmasked, unfragmented text frames in a buffer (what a client reads). */
function unframe(bytes: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    let length = bytes[at + 1]! & 0x7f;
    let header = 2;
    if (length === 126) {
      length = bytes.readUInt16BE(at + 2);
      header = 4;
    }
    const text = bytes.subarray(at + header, at + header + length).toString();
    out.push((JSON.parse(text) as { data: string }).data);
    at += header + length;
  }
  return out;
}

function fakeConnection(fanOut: FanOut, id: string, sessionUserId: number | null = null) {
  const socket = new FakeSocket();
  const sent: string[] = [];
  const ws = {
    OPEN: 1,
    readyState: 1,
    _socket: socket,
    _sender: { _state: 0, _queue: [] as unknown[] },
    send: (text: string) => sent.push(text),
    close: () => undefined,
    terminate: () => undefined,
  };
  const conn = new Connection(id, ws as unknown as WebSocket, fanOut);
  conn.sessionUserId = sessionUserId;
  return { conn, socket, ws, sent };
}

const text = (data: string) => JSON.stringify({ event: 'e', channel: 'c', data });

describe('FanOut', () => {
  it('writes nothing until the end of the turn, then each socket once for everything queued', async () => {
    const fanOut = new FanOut();
    const a = fakeConnection(fanOut, '1.1');
    const b = fakeConnection(fanOut, '1.2');
    const room = new Set([a.conn, b.conn]);
    for (let i = 1; i <= 10; i++) fanOut.enqueue(room, text(`m${i}`));
    expect(a.socket.wire).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    const all = Array.from({ length: 10 }, (_, i) => `m${i + 1}`).join('|');
    expect(a.socket.wire).toEqual([all]);
    expect(b.socket.wire).toEqual([all]);
  });

  it('keeps each socket’s order across channels and still writes it once', () => {
    const fanOut = new FanOut();
    const both = fakeConnection(fanOut, '1.1');
    const onlyA = fakeConnection(fanOut, '1.2');
    const channelA = new Set([both.conn, onlyA.conn]);
    const channelB = new Set([both.conn]);
    fanOut.enqueue(channelA, text('a1'));
    fanOut.enqueue(channelB, text('b1'));
    fanOut.enqueue(channelA, text('a2'));
    fanOut.enqueue(channelA, text('a3'));
    fanOut.flush();
    expect(both.socket.wire).toEqual(['a1|b1|a2|a3']);
    expect(onlyA.socket.wire).toEqual(['a1|a2|a3']);
  });

  it('leaves out the excluded socket and the excluded user’s sockets', () => {
    const fanOut = new FanOut();
    const sender = fakeConnection(fanOut, '1.1');
    const troll = fakeConnection(fanOut, '1.2', 7);
    const other = fakeConnection(fanOut, '1.3', 8);
    const room = new Set([sender.conn, troll.conn, other.conn]);
    fanOut.enqueue(room, text('to others'), '1.1');
    fanOut.enqueue(room, text('not to 7'), undefined, 7);
    fanOut.enqueue(room, text('everyone'));
    fanOut.flush();
    expect(sender.socket.wire).toEqual(['not to 7|everyone']);
    expect(troll.socket.wire).toEqual(['to others|everyone']);
    expect(other.socket.wire).toEqual(['to others|not to 7|everyone']);
  });

  it('sends queued broadcasts before a frame written to one socket directly', () => {
    const fanOut = new FanOut();
    const a = fakeConnection(fanOut, '1.1');
    fanOut.enqueue(new Set([a.conn]), text('broadcast'));
    a.conn.send('direct');
    expect(a.socket.wire).toEqual(['broadcast']);
    expect(a.sent).toEqual(['direct']);
    expect(fanOut.hasPending).toBe(false);
  });

  it('reaches exactly the sockets subscribed when the broadcast was made', () => {
    const fanOut = new FanOut();
    const stays = fakeConnection(fanOut, '1.1');
    const leaves = fakeConnection(fanOut, '1.2');
    const joins = fakeConnection(fanOut, '1.3');
    const room = new Set([stays.conn, leaves.conn]);
    fanOut.enqueue(room, text('before'));
    fanOut.beforeSubscriptionChange();
    room.delete(leaves.conn);
    room.add(joins.conn);
    fanOut.enqueue(room, text('after'));
    fanOut.flush();
    expect(stays.socket.wire).toEqual(['before', 'after']);
    expect(leaves.socket.wire).toEqual(['before']);
    expect(joins.socket.wire).toEqual(['after']);
  });

  it('lets ws queue the frames when its sender is busy, and skips closed sockets', () => {
    const fanOut = new FanOut();
    const busy = fakeConnection(fanOut, '1.1');
    busy.ws._sender._state = 1;
    const closed = fakeConnection(fanOut, '1.2');
    closed.ws.readyState = 3;
    const room = new Set([busy.conn, closed.conn]);
    fanOut.enqueue(room, text('x'));
    fanOut.enqueue(room, text('y'));
    fanOut.flush();
    expect(busy.socket.wire).toEqual([]);
    expect(busy.sent).toEqual([text('x'), text('y')]);
    expect(closed.sent).toEqual([]);
    expect(closed.socket.wire).toEqual([]);
  });

  it('drops a client that does not read what it was sent', () => {
    const fanOut = new FanOut();
    const slow = fakeConnection(fanOut, '1.1');
    let terminated = false;
    slow.ws.terminate = () => {
      terminated = true;
      slow.ws.readyState = 2;
    };
    slow.socket.writableLength = 5 * 1024 * 1024;
    fanOut.enqueue(new Set([slow.conn]), text('x'));
    fanOut.flush();
    expect(terminated).toBe(true);
    expect(slow.socket.wire).toEqual([]);
    expect(slow.sent).toEqual([]);
  });
});
