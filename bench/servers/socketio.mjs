/**
 * Socket.IO v4 as commonly deployed for this job: WebSocket transport, clients ask to join a
 * room, and a publish is one io.to(room).emit(), which Socket.IO encodes once per broadcast.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { backlog, host, httpHandler, lifetimeGuard, port } from './common.mjs';

lifetimeGuard();
const server = createServer(
  httpHandler((datas) => {
    for (const data of datas) io.to('common').emit('E', data);
  }),
);
const io = new Server(server, {
  transports: ['websocket'],
  serveClient: false,
  perMessageDeflate: false,
  cors: { origin: false },
  // Heartbeats as seldom as ours and the Pusher protocol's (activity_timeout 120 s). The
  // default, every 25 s, sent 2,000 pings in a burst on both cores while another server's
  // phase was being measured (the servers run side by side) and put that burst in its p99.
  pingInterval: 120_000,
});

io.on('connection', (socket) => {
  socket.on('subscribe', (room) => {
    if (room !== 'common') return;
    socket.join(room);
    socket.emit('subscribed', room);
  });
});

server.listen({ port, host, backlog });
