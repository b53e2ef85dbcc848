/** The chat module's routes in the hostile sweep: rooms, membership, messages, reactions. */
import { randomBytes } from 'node:crypto';
import { clientId } from '../test/chat-fixtures';
import type { RouteCase, SafeRouteCase } from './world';

/** A room name of its own per call. */
const uniqueName = () => randomBytes(6).toString('hex');

export const CHAT_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/chat/leave',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({ method: 'POST', url: '/api/chat/leave' }),
  },
  {
    route: 'POST /api/room/sort',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/room/sort',
      payload: { room: { [w.room.id]: 7, [w.privateRoom.id]: 3 } },
    }),
  },
  {
    route: 'POST /api/room',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({
      method: 'POST',
      url: '/api/room',
      // A room's name may not fold to another room's (docs/security.md).
      payload: { name_ru: `Новая ${uniqueName()}`, name_en: `New ${uniqueName()}` },
    }),
  },
  {
    route: 'PATCH /api/room/:id',
    access: 'registered',
    body: true,
    emptyBodyOk: true,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'PATCH',
      url: `/api/room/${w.room.id}`,
      payload: { name_en: `Renamed ${uniqueName()}` },
    }),
  },
  {
    route: 'POST /api/room/:id/enter',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'POST', url: `/api/room/${w.lobby.id}/enter` }),
  },
  {
    route: 'POST /api/room/:id/leave',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'POST', url: `/api/room/${w.room.id}/leave` }),
  },
  {
    route: 'POST /api/room/:id/state',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/room/${w.room.id}/state`,
      payload: { state_id: 2 },
    }),
  },
  {
    route: 'PATCH /api/room/:id/visibility',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PATCH',
      url: `/api/room/${w.room.id}/visibility`,
      payload: { visibility: false },
    }),
  },
  {
    route: 'POST /api/room/:id/invite',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/room/${w.privateRoom.id}/invite`,
      payload: { user_id: w.outsider.user.id },
    }),
  },
  {
    route: 'POST /api/room/:id/message',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/room/${w.room.id}/message`,
      payload: { text: `hello ${randomBytes(3).toString('hex')}`, client_id: clientId() },
    }),
  },
  {
    route: 'PATCH /api/chat/message/:id',
    access: 'user',
    body: true,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'PATCH',
      url: `/api/chat/message/${w.ownMessage.id}`,
      payload: { text: `edited ${randomBytes(3).toString('hex')}` },
    }),
  },
  {
    route: 'DELETE /api/chat/message/:id',
    access: 'user',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'DELETE', url: `/api/chat/message/${w.ownMessage.id}` }),
  },
  {
    route: 'DELETE /api/chat/message/delete_from_everyone/:id',
    access: 'user',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'DELETE',
      url: `/api/chat/message/delete_from_everyone/${w.ownMessage.id}`,
    }),
  },
  {
    route: 'POST /api/chat/message/:id/reactions',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/chat/message/${w.peerMessage.id}/reactions`,
      payload: { reaction: 'fire' },
    }),
  },
  {
    route: 'DELETE /api/chat/message/:id/reactions/:reaction',
    access: 'user',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'DELETE',
      url: `/api/chat/message/${w.peerMessage.id}/reactions/like`,
    }),
  },
];

export const CHAT_SAFE_ROUTES: SafeRouteCase[] = [
  { route: 'GET /api/chat', url: () => '/api/chat', access: 'user' },
  { route: 'GET /api/room/:id', url: (w) => `/api/room/${w.room.id}`, access: 'user' },
  {
    route: 'GET /api/room/:id/messages',
    url: (w) => `/api/room/${w.room.id}/messages?before=${w.peerMessage.id + 1}`,
    access: 'user',
  },
];
