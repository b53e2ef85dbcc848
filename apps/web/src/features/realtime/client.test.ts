import { describe, expect, it, vi } from 'vitest';
import { createRealtimeClient } from './client';
import type { Dispatcher } from './dispatcher';
import { FakePusher } from '../../test/pusher-fake';
import { connectionStateOf } from './state';
import type { ConnectionState } from './types';

function setup() {
  const pusher = new FakePusher();
  const dispatcher = {
    server: vi.fn<Dispatcher['server']>(() => true),
    client: vi.fn<Dispatcher['client']>(() => true),
  };
  const states: [ConnectionState, string | null][] = [];
  const connected: boolean[] = [];
  const client = createRealtimeClient({
    pusher,
    dispatcher,
    onState: (state, socketId) => states.push([state, socketId]),
    onConnected: ({ reconnect }) => connected.push(reconnect),
  });
  return { pusher, dispatcher, states, connected, client };
}

describe('connection states', () => {
  it('maps the pusher-js states to the four of the spec', () => {
    expect(
      ['initialized', 'connecting', 'connected', 'unavailable', 'disconnected', 'failed'].map(
        connectionStateOf,
      ),
    ).toEqual(['connecting', 'connecting', 'connected', 'disconnected', 'disconnected', 'error']);
  });

  it('reports each state with the socket id while connected, and tells a reconnect apart', () => {
    const { pusher, states, connected } = setup();
    pusher.connect('1.1');
    pusher.connection.set('unavailable');
    pusher.connection.set('connecting');
    pusher.connect('2.2');
    pusher.connection.set('failed');
    expect(states).toEqual([
      ['connecting', null],
      ['connected', '1.1'],
      ['disconnected', null],
      ['connecting', null],
      ['connected', '2.2'],
      ['error', null],
    ]);
    expect(connected).toEqual([false, true]);
  });
});

describe('channels', () => {
  it('subscribes common at once, and the user channels while signed in', () => {
    const { pusher, client } = setup();
    expect([...pusher.channels.keys()]).toEqual(['common']);
    client.setUser(7);
    expect([...pusher.channels.keys()]).toEqual(['common', 'private-chat', 'private-user.7']);
    client.setUser(8);
    expect([...pusher.channels.keys()]).toEqual(['common', 'private-chat', 'private-user.8']);
    client.setUser(null);
    expect([...pusher.channels.keys()]).toEqual(['common']);
  });

  it('follows the rooms I am in', () => {
    const { pusher, client } = setup();
    client.syncRooms([1, 2]);
    client.syncRooms([2, 3]);
    expect([...pusher.channels.keys()]).toEqual(['common', 'presence-room.2', 'presence-room.3']);
    client.stop();
    expect(pusher.channels.size).toBe(0);
    expect(pusher.disconnected).toBe(true);
  });

  it('hands server events to the dispatcher once, client events with their sender', () => {
    const { pusher, dispatcher, client } = setup();
    client.syncRooms([1]);
    const room = pusher.channel('presence-room.1');
    // pusher-js gives back the same channel object when it is subscribed again quickly.
    client.syncRooms([]);
    pusher.channels.set(room.name, room);
    client.syncRooms([1]);
    room.emit('MessageStored', { id: 1 });
    room.emit('pusher:subscription_succeeded', {});
    room.emit('client-typing', { user_id: 3 }, { user_id: '3' });
    expect(dispatcher.server.mock.calls).toEqual([
      ['presence-room.1', 'MessageStored', { id: 1 }],
      ['presence-room.1', 'pusher:subscription_succeeded', {}],
    ]);
    expect(dispatcher.client.mock.calls).toEqual([
      ['presence-room.1', 'client-typing', { user_id: 3 }, '3'],
    ]);
  });

  it('whispers only on a subscribed room channel of a live connection', () => {
    const { pusher, client } = setup();
    client.syncRooms([1]);
    const data = { user_id: 7, nick: 'Me', typing: true };
    expect(client.whisper(1, 'client-typing', data)).toBe(false);
    pusher.connect('1.1');
    expect(client.whisper(1, 'client-typing', data)).toBe(true);
    expect(client.whisper(2, 'client-typing', data)).toBe(false);
    expect(pusher.channel('presence-room.1').triggered).toEqual([{ event: 'client-typing', data }]);
  });
});
