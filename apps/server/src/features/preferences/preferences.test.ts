import type { ChatSettings, MyProfile } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn } from '../../test/factories';

const dialects = await testDialects();

/** Issue 18, part 4: the preferences of the users row have their own module and writes. */
describe.each(dialects)('preferences on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const row = async (id: number) => (await t.app.deps.users.findById(id))!;

  it('answers the chat settings at the same address, now registered by the preferences module', async () => {
    expect(t.app.deps.moduleRoutes.get('preferences')).toContain('PATCH /api/user/settings');
    expect(t.app.deps.moduleRoutes.get('users')).not.toContain('PATCH /api/user/settings');
    const me = await signedIn(t.app, await buildUser(t.app));
    const first = await me.asBrowser({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { mute: true },
    });
    expect(first.statusCode, first.body).toBe(200);
    // The spec's form: POST with _method=PATCH, a form body; the first change is kept.
    const second = await me.asBrowser({
      method: 'POST',
      url: '/api/user/settings',
      payload: '_method=PATCH&show_time=0',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(second.statusCode, second.body).toBe(200);
    const settings = json<{ data: ChatSettings }>(second).data;
    expect(settings).toMatchObject({ mute: true, show_time: false });
    expect(JSON.parse((await row(me.user.id)).settings)).toEqual(settings);
  });

  it('the profile form’s im_privacy and e-mail alone are written by their owners, nothing else moves', async () => {
    const me = await signedIn(t.app, await buildUser(t.app, { gender: 'female' }));
    const before = await row(me.user.id);
    const res = await me.asBrowser({
      method: 'PATCH',
      url: '/api/my/profile',
      payload: { im_privacy: 'friends', email: 'me@example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: MyProfile }>(res).data).toMatchObject({
      im_privacy: 'friends',
      email: 'me@example.com',
      gender: 'female',
    });
    const after = await row(me.user.id);
    expect(after).toEqual({ ...before, im_privacy: 'friends', email: 'me@example.com' });
  });

  it('a profile form that fails writes none of the owners’ columns', async () => {
    const me = await signedIn(t.app, await buildUser(t.app));
    const before = await row(me.user.id);
    const res = await me.asBrowser({
      method: 'PATCH',
      url: '/api/my/profile',
      // A partner who does not exist: the whole form is refused.
      payload: {
        im_privacy: 'friends',
        email: 'x@example.com',
        marital_status: 'married',
        partner_id: 999999,
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(await row(me.user.id)).toEqual(before);
  });
});
