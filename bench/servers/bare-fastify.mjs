import Fastify from 'fastify';

/**
 * The baseline for the chat benchmark: a bare Fastify route that takes the same JSON a chat
 * message is posted with and answers 201 with it. No session, no validation, no database, no
 * broadcast: the ceiling of "an HTTP POST on this machine".
 */
const port = Number(process.env.PORT);
const app = Fastify({ logger: false });
app.get('/healthz', async () => 'ok');
let id = 0;
app.post('/api/room/:id/message', async (request, reply) => {
  id += 1;
  return reply.code(201).send({ data: { id, ...request.body } });
});
await app.listen({ port, host: '127.0.0.1' });
// Never outlive a crashed bench for long.
setTimeout(() => process.exit(0), 15 * 60_000).unref();
