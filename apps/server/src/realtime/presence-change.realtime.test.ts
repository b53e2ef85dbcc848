/**
 * The socket server tells a channel's owner when a user's first socket joins a presence
 * channel and when their last one, on every node, leaves it (issue 20, point 3: several tabs
 * count as one until the last closes). The chat's grace and lists are room-presence.test.ts.
 */
import { roomChannel } from '@chat/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildRoom, memberOf } from '../test/chat-fixtures';
import { pusherClient, connected, subscribed, waitUntil } from '../test/pusher-clients';
import { redisAvailable } from '../test/redis';
import { useListeningApp, useTwoNodes } from '../test/realtime-nodes';

/** Every presence change the node's channel rules are told of, for one channel. */
function watch(app: FastifyInstance, channel: string) {
  const heard: { userId: number; present: boolean }[] = [];
  const registry = app.deps.channels;
  const original = registry.presenceChanged.bind(registry);
  vi.spyOn(registry, 'presenceChanged').mockImplementation((name, userId, present) => {
    if (name === channel) heard.push({ userId, present });
    original(name, userId, present);
  });
  return heard;
}

describe('one node', () => {
  const node = useListeningApp();

  it('tells of a user once when the first tab joins and once when the last one closes', async () => {
    const { app } = node.t;
    const room = await buildRoom(app);
    const member = await memberOf(app, room.id);
    const channel = roomChannel(room.id);
    const heard = watch(app, channel);

    const first = await node.socketOf(member);
    await subscribed(first, channel);
    const second = await node.socketOf(member);
    await subscribed(second, channel);
    expect(heard).toEqual([{ userId: member.user.id, present: true }]);

    first.disconnect();
    await waitUntil(() => app.deps.realtime.localSubscriberCount(channel) === 1);
    second.disconnect();
    await waitUntil(() => heard.length === 2);
    // The first tab's close said nothing: only the last one's did.
    expect(heard).toEqual([
      { userId: member.user.id, present: true },
      { userId: member.user.id, present: false },
    ]);
  });
});

const redisUp = await redisAvailable();

describe.runIf(redisUp)('two nodes through Redis', () => {
  const nodes = useTwoNodes();

  it('counts a tab on each node as one person until the last closes', async () => {
    const { a, b } = nodes;
    const room = await buildRoom(a);
    const member = await memberOf(a, room.id);
    const channel = roomChannel(room.id);
    const heard = [...[a, b].map((app) => watch(app, channel))];
    const all = () => heard.flat();

    const onA = pusherClient(a.deps.config.secrets.pusherKey, nodes.portA, member.token);
    await connected(onA);
    await subscribed(onA, channel);
    const onB = await nodes.socketOnB(member.token, nodes.portA);
    await subscribed(onB, channel);
    expect(all()).toEqual([{ userId: member.user.id, present: true }]);

    onA.disconnect();
    await waitUntil(() => a.deps.realtime.localSubscriberCount(channel) === 0);
    onB.disconnect();
    await waitUntil(() => all().length === 2);
    expect(all()).toEqual([
      { userId: member.user.id, present: true },
      { userId: member.user.id, present: false },
    ]);
    // Told by the node whose socket was the last one.
    expect(heard[1]).toEqual([{ userId: member.user.id, present: false }]);
  });
});
