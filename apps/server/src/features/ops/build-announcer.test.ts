import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  collect,
  connected,
  listen,
  pusherClient,
  subscribed,
  waitUntil,
} from '../../test/pusher-clients';
import { announceBuild } from './build-announcer';

describe('UpdateRequired on a new build', () => {
  let t: TestApp;
  let pusher: Pusher;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    const { port } = await listen(t.app);
    pusher = pusherClient(t.app.deps.config.secrets.pusherKey, port);
    await connected(pusher);
  });
  afterAll(async () => {
    pusher.disconnect();
    await t.close();
  });

  it('tells open tabs on common, but not on the first start nor for the same build', async () => {
    const common = await subscribed(pusher, 'common');
    const seen = collect<{ build_key: string }>(common, 'UpdateRequired');
    const { db } = t.database;
    expect(await announceBuild(db, t.app.deps.events, 'build-1')).toBe(false);
    expect(await announceBuild(db, t.app.deps.events, 'build-1')).toBe(false);
    expect(await announceBuild(db, t.app.deps.events, 'build-2')).toBe(true);
    await waitUntil(() => seen.length === 1);
    expect(seen).toEqual([{ build_key: 'build-2' }]);
  });
});
