/**
 * Identity changes over the real socket: a pusher-js client subscribed to `private-chat` hears
 * AvatarUpdated, AvatarRemoved, UserNickUpdated, UserFrameUpdated and UserUpdated.
 */
import { CHAT_CHANNEL, NICK_PALETTE, type Frame } from '@chat/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFrames } from '../../db/seed/seed-frames';
import { nowIso } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildUser, json, signedIn } from '../../test/factories';
import { connected, listen, pusherClient, subscribed, waitUntil } from '../../test/pusher-clients';
import { completeUpload } from './my-test-kit';

let t: TestApp;
let port: number;
const sockets: Pusher[] = [];

beforeAll(async () => {
  t = await buildTestApp('sqlite');
  await seedDemoFrames(t.database, nowIso());
  ({ port } = await listen(t.app));
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t.close();
});

describe('identity events on private-chat', () => {
  it('reach every subscriber', async () => {
    const watcher = await signedIn(t.app, await buildUser(t.app));
    const pusher = pusherClient(t.app.deps.config.secrets.pusherKey, port, watcher.token);
    sockets.push(pusher);
    await connected(pusher);
    const channel = await subscribed(pusher, CHAT_CHANNEL);
    const heard: { event: string; data: Record<string, unknown> }[] = [];
    channel.bind_global((event: string, data: Record<string, unknown>) => {
      if (!event.startsWith('pusher:')) heard.push({ event, data });
    });

    const a = await signedIn(t.app, await buildUser(t.app));
    const ok = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
      const res = await a.asBearer({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res;
    };
    const upload = await completeUpload(t.app, a.user.id);
    await ok('POST', '/api/my/avatar', { attachment_id: upload.id });
    await ok('DELETE', '/api/my/avatar');
    const color = NICK_PALETTE[3]![1]!;
    await ok('PATCH', '/api/my/nick', {
      color,
      has_gradient: false,
      gradient: [],
      font_id: null,
      weight: 600,
      italic: false,
    });
    const frames = json<{ data: Frame[] }>(
      await t.app.inject({ method: 'GET', url: '/api/frames' }),
    ).data;
    const frame = frames.find((f) => !f.premium_only)!;
    await ok('POST', '/api/my/frame', { frame_id: frame.id });

    await waitUntil(() => heard.filter((h) => h.event === 'UserUpdated').length >= 4);
    const of = (event: string) => heard.filter((h) => h.event === event).map((h) => h.data);
    expect(of('AvatarUpdated')).toEqual([
      { user_id: a.user.id, avatar: expect.stringMatching(/^\/storage\/avatars\//) as string },
    ]);
    expect(of('AvatarRemoved')).toEqual([{ user_id: a.user.id }]);
    expect(of('UserNickUpdated')).toEqual([
      {
        user_id: a.user.id,
        nick: expect.objectContaining({ nick: a.user.nick, color, weight: 600 }) as unknown,
      },
    ]);
    expect(of('UserFrameUpdated')).toEqual([{ userId: a.user.id, frame: frame.url }]);
    const updates = of('UserUpdated') as { user: { id: number; frame: string | null } }[];
    expect(updates.every((u) => u.user.id === a.user.id)).toBe(true);
    expect(updates.at(-1)?.user.frame).toBe(frame.url);
  });
});
