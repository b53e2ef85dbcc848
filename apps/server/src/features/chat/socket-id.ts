import type { FastifyRequest } from 'fastify';
import { SOCKET_ID } from '../../realtime/protocol';

/** The caller's own socket (X-Socket-ID, as laravel-echo sends it): it does not hear its own event. */
export function socketIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-socket-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && SOCKET_ID.test(value) ? value : undefined;
}
