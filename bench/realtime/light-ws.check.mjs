/**
 * Self-check of light-ws.mjs against a `ws` server (and a few raw TCP servers for handshake
 * failures), in a few seconds: `node bench/realtime/light-ws.check.mjs`. Every check runs with
 * both read paths (the shared read buffer, and 'data' chunks). Prints PASS/FAIL per check and
 * exits non-zero when one fails. Not part of `npm test` (bench code is not).
 */
import { once } from 'node:events';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WebSocketServer } from 'ws';
import { LightWebSocket } from './light-ws.mjs';

// ws's frame builder, to write frames to the raw socket in whatever pieces a check needs.
const { Sender } = createRequire(import.meta.url)('ws');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function frameBytes(data, { opcode = 1, fin = true } = {}) {
  const payload = Buffer.isBuffer(data) ? data : Buffer.from(data);
  const parts = Sender.frame(payload, { fin, rsv1: false, opcode, mask: false, readOnly: true });
  return Buffer.concat(parts);
}

/** Printable text of `length` bytes, different per call so a mix-up shows. */
function text(length, seed) {
  let out = '';
  while (out.length < length) out += `${seed}:${out.length};`;
  return out.slice(0, length);
}

async function waitFor(predicate, what, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

function sameMessages(got, expected) {
  if (got.length !== expected.length)
    throw new Error(`${got.length} messages received, ${expected.length} expected`);
  for (let i = 0; i < expected.length; i++) {
    if (!got[i].equals(Buffer.from(expected[i])))
      throw new Error(
        `message ${i} differs: ${got[i].length} bytes, expected ${Buffer.byteLength(expected[i])}`,
      );
  }
}

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
await once(wss, 'listening');
const port = wss.address().port;
const waiting = [];
wss.on('connection', (ws, request) => {
  ws.on('error', () => {});
  waiting.shift()?.({ ws, request });
});

/** The read path of the checks running now. */
let sharedReadBuffer = true;

/** A light client; what it receives is copied into `messages` (a payload lives for the call only). */
function lightClient(url, messages = []) {
  return new LightWebSocket(url, {
    sharedReadBuffer,
    onMessage: (payload) => messages.push(Buffer.from(payload)),
  });
}

/** Counts the reads a client parses. */
function countReads(client) {
  const counter = { reads: 0 };
  const receive = client.receive;
  client.receive = (chunk, end) => {
    counter.reads += 1;
    return receive.call(client, chunk, end);
  };
  return counter;
}

/** A light client and its server-side `ws` peer, both open. */
async function pair(path = '/') {
  const accepted = new Promise((resolve) => waiting.push(resolve));
  const messages = [];
  const client = lightClient(`ws://127.0.0.1:${port}${path}`, messages);
  const events = [];
  client.on('error', (error) => events.push(['error', error.message]));
  client.on('close', (code) => events.push(['close', code]));
  await once(client, 'open');
  const { ws, request } = await accepted;
  return { client, server: ws, request, messages, events };
}

/**
 * A raw TCP server answering the upgrade request with `respond(key)`'s bytes, at once or, with
 * `pieceBytes`, in pieces 1 ms apart.
 */
async function rawServer(respond, pieceBytes = 0) {
  const server = createServer((socket) => {
    socket.on('error', () => {});
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      const key = /sec-websocket-key: *(\S+)/i.exec(head)?.[1];
      const bytes = Buffer.from(respond(key));
      if (!pieceBytes) return socket.write(bytes);
      void (async () => {
        for (let i = 0; i < bytes.length && !socket.destroyed; i += pieceBytes) {
          socket.write(bytes.subarray(i, i + pieceBytes));
          await sleep(1);
        }
      })();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

const acceptFor = (key) =>
  createHash('sha1')
    .update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11')
    .digest('base64');

/** Opens a light client expected to fail; resolves with its error, after its 'close'. */
async function failure(url) {
  const client = lightClient(url);
  let error = null;
  let opened = false;
  client.on('open', () => (opened = true));
  client.on('error', (e) => (error = e));
  // Not events.once: it rejects on the 'error' that this check expects.
  await new Promise((resolve) => client.on('close', resolve));
  if (opened) throw new Error('opened although it should have failed');
  if (!error) throw new Error("closed without an 'error'");
  return error;
}

const checks = [];
const check = (name, fn) => checks.push([name, fn]);

check('handshake: request line and headers, open', async () => {
  const { client, request } = await pair('/app/key?protocol=7');
  if (request.url !== '/app/key?protocol=7') throw new Error(`path ${request.url}`);
  if (request.headers.host !== `127.0.0.1:${port}`) throw new Error(`host ${request.headers.host}`);
  if (request.headers['sec-websocket-version'] !== '13') throw new Error('version');
  if (Buffer.from(request.headers['sec-websocket-key'], 'base64').length !== 16)
    throw new Error('key is not 16 bytes of base64');
  client.terminate();
});

check(
  'messages of 0, 10, 125, 126, 200, 65535, 65536 and 70 KB (7/16/64-bit lengths)',
  async () => {
    const { client, server, messages } = await pair();
    const sizes = [0, 10, 125, 126, 200, 65535, 65536, 70 * 1024];
    const expected = sizes.map((n, i) => text(n, `s${i}`));
    for (const message of expected) server.send(message);
    const binary = randomBytes(70 * 1024);
    server.send(binary, { binary: true });
    expected.push(binary);
    await waitFor(() => messages.length >= expected.length, 'the messages');
    sameMessages(messages, expected);
    client.terminate();
  },
);

check('500 frames of mixed sizes in one write', async () => {
  const { client, server, messages } = await pair();
  const expected = Array.from({ length: 500 }, (_, i) => text((i * 37) % 400, `m${i}`));
  expected.push(text(70_000, 'big'));
  server._socket.write(Buffer.concat(expected.map((m) => frameBytes(m))));
  await waitFor(() => messages.length >= expected.length, 'the messages');
  sameMessages(messages, expected);
  client.terminate();
});

check('frames split byte by byte over TCP (header of a 64-bit frame too)', async () => {
  const { client, server, messages } = await pair();
  const counter = countReads(client);
  const small = [text(10, 'a'), text(200, 'b')];
  const bytes = Buffer.concat(small.map((m) => frameBytes(m)));
  for (let i = 0; i < bytes.length; i++) {
    server._socket.write(bytes.subarray(i, i + 1));
    await sleep(1);
  }
  const big = text(70 * 1024, 'c');
  const bigBytes = frameBytes(big);
  for (let i = 0; i < 12; i++) {
    server._socket.write(bigBytes.subarray(i, i + 1));
    await sleep(1);
  }
  for (let i = 12; i < bigBytes.length; i += 9000) {
    server._socket.write(bigBytes.subarray(i, i + 9000));
    await sleep(1);
  }
  await waitFor(() => messages.length >= 3, 'the messages');
  sameMessages(messages, [...small, big]);
  // Loopback may join some writes; most must have arrived alone for the check to mean anything.
  if (counter.reads < bytes.length / 2)
    throw new Error(`only ${counter.reads} reads for ${bytes.length} bytes`);
  client.terminate();
});

check('parser fed every split of a stream (byte by byte, two pieces, random pieces)', async () => {
  const { client, server, messages } = await pair();
  const expected = [text(10, 'x'), text(126, 'y'), '', text(300, 'z'), text(65_536, 'w')];
  const stream = Buffer.concat([
    frameBytes(expected[0]),
    frameBytes(expected[1], { opcode: 2 }),
    frameBytes(expected[2]),
    // One message in three fragments.
    frameBytes(expected[3].slice(0, 100), { fin: false }),
    frameBytes(expected[3].slice(100, 101), { opcode: 0, fin: false }),
    frameBytes(expected[3].slice(101), { opcode: 0 }),
    frameBytes(expected[4]),
  ]);
  // As net does with the shared read buffer: each piece read into the same memory, which is
  // overwritten afterwards, so a byte the parser kept without copying shows up as damage.
  const scratch = Buffer.alloc(stream.length);
  const feed = (pieces) => {
    messages.length = 0;
    for (const piece of pieces) {
      if (sharedReadBuffer) {
        piece.copy(scratch);
        client.receive(scratch, piece.length);
        scratch.fill(0xaa);
      } else {
        client.receive(piece);
      }
    }
    sameMessages(messages, expected);
  };
  // Copies: with 'data' chunks the parser may keep subarrays of what it was given.
  feed(
    Array.from(stream.subarray(0, 1200), (_, i) => Buffer.from(stream.subarray(i, i + 1))).concat([
      Buffer.from(stream.subarray(1200)),
    ]),
  );
  for (let cut = 1; cut < 1200; cut++)
    feed([Buffer.from(stream.subarray(0, cut)), Buffer.from(stream.subarray(cut))]);
  for (let round = 0; round < 200; round++) {
    const pieces = [];
    for (let i = 0; i < stream.length;) {
      const size = 1 + Math.floor(Math.random() * (round % 2 ? 20 : 5000));
      pieces.push(Buffer.from(stream.subarray(i, i + size)));
      i += size;
    }
    feed(pieces);
  }
  void server;
  client.terminate();
});

check(
  '20 clients at once, big and small frames interleaved (one read buffer for all)',
  async () => {
    const pairs = [];
    for (let i = 0; i < 20; i++) pairs.push(await pair());
    const expected = [];
    for (let round = 0; round < 30; round++) {
      const message = text(round % 3 ? 150 + round : 70_000 + round, `r${round}`);
      expected.push(message);
      for (const { server } of pairs) server.send(message);
    }
    await waitFor(
      () => pairs.every(({ messages }) => messages.length >= expected.length),
      'every message at every client',
    );
    for (const { client, messages } of pairs) {
      sameMessages(messages, expected);
      client.terminate();
    }
  },
);

check('fragmented message with a ping between its fragments', async () => {
  const { client, server, messages } = await pair();
  const pongs = [];
  server.on('pong', (data) => pongs.push(data.toString()));
  server._socket.write(
    Buffer.concat([
      frameBytes('hel', { fin: false }),
      frameBytes('mid', { opcode: 9 }),
      frameBytes('lo ', { opcode: 0, fin: false }),
      frameBytes('world', { opcode: 0 }),
    ]),
  );
  await waitFor(() => messages.length >= 1 && pongs.length >= 1, 'message and pong');
  sameMessages(messages, ['hello world']);
  if (pongs[0] !== 'mid') throw new Error(`pong carried ${pongs[0]}`);
  client.terminate();
});

check('ping → pong with the same payload (empty and 125 bytes)', async () => {
  const { client, server } = await pair();
  const pongs = [];
  server.on('pong', (data) => pongs.push(data));
  const long = randomBytes(125);
  server.ping();
  server.ping(long);
  await waitFor(() => pongs.length >= 2, 'two pongs');
  if (pongs[0].length !== 0 || !pongs[1].equals(long)) throw new Error('pong payload differs');
  client.terminate();
});

check(
  'masked client text reaches the server intact (ASCII, UTF-8, up to 70,000 bytes)',
  async () => {
    const { client, server } = await pair();
    const received = [];
    server.on('message', (data, isBinary) => received.push([data.toString(), isBinary]));
    const sent = [
      '',
      'hi',
      '{"event":"pusher:subscribe","data":{"channel":"common"}}',
      'привет, мир ✓'.repeat(3),
      text(125, 'p'),
      text(126, 'q'),
      text(65_535, 'r'),
      text(70_000, 't'),
    ];
    for (const message of sent) client.send(message);
    await waitFor(() => received.length >= sent.length, 'the messages at the server');
    received.forEach(([data, isBinary], i) => {
      if (isBinary || data !== sent[i]) throw new Error(`message ${i} arrived different`);
    });
    client.terminate();
  },
);

check('server close: answered with the same code, then closed', async () => {
  const { client, server, events } = await pair();
  const serverClosed = once(server, 'close');
  server.close(4001, 'bye');
  const [code] = await serverClosed;
  if (code !== 4001) throw new Error(`server saw close code ${code}`);
  await waitFor(() => events.some(([e]) => e === 'close'), "the client's close");
  if (events[0][0] !== 'close' || events[0][1] !== 4001)
    throw new Error(`client events ${JSON.stringify(events)}`);
  if (client.readyState !== 3) throw new Error(`readyState ${client.readyState}`);
});

check('client close(): close handshake with 1000', async () => {
  const { client, server, events } = await pair();
  const serverClosed = once(server, 'close');
  client.close();
  const [code] = await serverClosed;
  if (code !== 1000) throw new Error(`server saw close code ${code}`);
  await waitFor(() => events.some(([e]) => e === 'close'), "the client's close");
});

check('terminate(): connection dropped, close event, nothing delivered after', async () => {
  const { client, server, messages, events } = await pair();
  server.send('one');
  server.send('two');
  client.onMessage = (payload) => {
    messages.push(payload);
    client.terminate();
  };
  const [code] = await once(server, 'close');
  if (code !== 1006) throw new Error(`server saw close code ${code}`);
  await waitFor(() => events.some(([e]) => e === 'close'), "the client's close");
  if (messages.length !== 1) throw new Error(`${messages.length} messages after terminate`);
});

const upgraded = (key, ...frames) =>
  Buffer.concat([
    Buffer.from(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${acceptFor(key)}\r\n\r\n`,
    ),
    ...frames,
  ]);

for (const [label, pieceBytes] of [
  ['first frame in the same read as the 101 response', 0],
  ['101 response and frames in 3-byte pieces', 3],
]) {
  check(label, async () => {
    const expected = ['welcome', text(300, 'after')];
    const server = await rawServer(
      (key) => upgraded(key, ...expected.map((m) => frameBytes(m))),
      pieceBytes,
    );
    const messages = [];
    const client = lightClient(`ws://127.0.0.1:${server.address().port}/`, messages);
    client.on('error', () => {});
    await once(client, 'open');
    await waitFor(() => messages.length >= expected.length, 'the messages');
    sameMessages(messages, expected);
    client.terminate();
    server.close();
  });
}

check('handshake failures: 404, wrong accept, refused, masked server frame', async () => {
  const notFound = await rawServer(() => 'HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
  const e1 = await failure(`ws://127.0.0.1:${notFound.address().port}/`);
  if (e1.message !== 'Unexpected server response: 404') throw new Error(e1.message);
  notFound.close();
  const wrong = await rawServer(
    () =>
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Accept: ${acceptFor('not the key')}\r\n\r\n`,
  );
  const e2 = await failure(`ws://127.0.0.1:${wrong.address().port}/`);
  if (!/Accept/.test(e2.message)) throw new Error(e2.message);
  wrong.close();
  const free = createServer();
  free.listen(0, '127.0.0.1');
  await once(free, 'listening');
  const freePort = free.address().port;
  free.close();
  await once(free, 'close');
  const e3 = await failure(`ws://127.0.0.1:${freePort}/`);
  if (e3.code !== 'ECONNREFUSED') throw new Error(`${e3.code} ${e3.message}`);
  const { client, server, events } = await pair();
  const masked = Buffer.from([0x81, 0x82, 1, 2, 3, 4, 0x61 ^ 1, 0x62 ^ 2]);
  server._socket.write(masked);
  await waitFor(() => events.some(([e]) => e === 'close'), "the client's close");
  if (events[0][0] !== 'error' || !/masked/.test(events[0][1]))
    throw new Error(JSON.stringify(events));
  void client;
});

let failed = 0;
// A client bug may throw from a socket event, outside any check.
process.on('uncaughtException', (error) => {
  console.log(`FAIL  uncaught: ${error?.stack ?? error}`);
  process.exit(1);
});
const overall = setTimeout(() => {
  console.log('FAIL  the self-check took over 30 s');
  process.exit(1);
}, 30_000);
for (const shared of [true, false]) {
  sharedReadBuffer = shared;
  const path = shared ? 'shared read buffer' : "'data' chunks";
  for (const [name, fn] of checks) {
    try {
      await fn();
      console.log(`PASS  [${path}] ${name}`);
    } catch (error) {
      failed += 1;
      console.log(`FAIL  [${path}] ${name}: ${error?.message ?? error}`);
    }
  }
}
sharedReadBuffer = true;

// The hot path, for information: one complete delivery-sized frame per chunk.
{
  const { client, messages } = await pair();
  let count = 0;
  client.onMessage = () => (count += 1);
  const chunk = frameBytes(text(160, 'hot'));
  const rounds = 1_000_000;
  for (let i = 0; i < 100_000; i++) client.receive(chunk);
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) client.receive(chunk);
  const ns = ((performance.now() - t0) * 1e6) / rounds;
  console.log(
    `info  parsing a chunk with one 160-byte frame: ${ns.toFixed(0)} ns (${count} delivered)`,
  );
  void messages;
  client.terminate();
}

clearTimeout(overall);
wss.close();
const total = checks.length * 2;
console.log(failed ? `FAIL  ${failed} of ${total} checks` : `PASS  all ${total} checks`);
process.exit(failed ? 1 : 0);
