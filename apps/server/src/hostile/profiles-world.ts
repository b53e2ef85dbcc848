/**
 * Profiles in the hostile world (kit.ts): an owner's photo (a real picture in storage, so an
 * avatar can be cut from it), an upload not yet in the gallery, someone who named the owner as
 * partner, and a spare account to change the password of or delete; these routes' cases.
 */
import { NICK_PALETTE } from '@chat/shared';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { completeUpload } from '../features/my/my-test-kit';
import { newToken } from '../lib/tokens';
import { clientOf, TEST_PASSWORD, type Client } from '../test/factories';
import { lastCode } from '../test/sms';
import { personValues, sessionValues, testPasswordHash } from './rows';
import type { ProfilesWorld, RouteCase, SafeRouteCase, World } from './world';

export async function buildProfilesWorld(
  app: FastifyInstance,
  owner: Client,
  at: string,
): Promise<ProfilesWorld> {
  const db = app.deps.database.db;
  const inGallery = await completeUpload(app, owner.user.id, { width: 64, height: 64 });
  const spareUpload = await completeUpload(app, owner.user.id, { width: 64, height: 64 });
  const photo = await db
    .insertInto('profile_photos')
    .values({ user_id: owner.user.id, attachment_id: inGallery.id, position: 1, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hash = await testPasswordHash();
  const person = async (label: string) => {
    const tag = `${label}${randomBytes(4).toString('hex')}`;
    return db
      .insertInto('users')
      .values({
        ...personValues(tag, tag, 'user', hash, at),
        marital_status: label === 'suitor' ? 'married' : null,
        partner_id: label === 'suitor' ? owner.user.id : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  };
  const suitor = await person('suitor');
  const spareRow = await person('spare');
  const token = newToken();
  await db
    .insertInto('sessions')
    .values(sessionValues(spareRow.id, token, at))
    .execute();
  // A phone waiting for its code (issue 19, point 10): a number of its own per world.
  const phone = `+7912${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`;
  const asked = await owner.asBrowser({
    method: 'PATCH',
    url: '/api/my/profile',
    payload: { phone },
  });
  if (asked.statusCode !== 200) throw new Error(`phone for the world: ${asked.body}`);
  return {
    phoneCode: lastCode(app, phone),
    ownerPhotoId: photo.id,
    ownerUploadId: spareUpload.id,
    suitorId: suitor.id,
    spare: clientOf(app, spareRow, token),
  };
}

// No list in it: forms spell `gradient[0]` as an object key (body-parsers.ts), and the sweep
// resends each case as a form.
const style = {
  // A basic row: the extended ones are a premium perk (403 without premium).
  color: NICK_PALETTE[3]![2]!,
  has_gradient: false,
  weight: 700,
  italic: false,
};

/** The my module's routes (the caller's own profile, photos, avatar, nick, password, account). */
export const MY_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/my/phone/confirm',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/my/phone/confirm',
      payload: { code: w.profiles.phoneCode },
    }),
  },
  {
    route: 'POST /api/my/partner/confirm',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/my/partner/confirm',
      payload: { user_id: w.profiles.suitorId },
    }),
  },
  {
    route: 'POST /api/my/partner/decline',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/my/partner/decline',
      payload: { user_id: w.profiles.suitorId },
    }),
  },
  {
    route: 'POST /api/my/photos',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/my/photos',
      payload: { attachment_id: w.profiles.ownerUploadId },
    }),
  },
  {
    route: 'DELETE /api/my/photos/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'DELETE', url: `/api/my/photos/${w.profiles.ownerPhotoId}` }),
  },
  {
    route: 'POST /api/my/avatar',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/my/avatar',
      payload: { photo_id: w.profiles.ownerPhotoId, crop: { x: 0, y: 0, size: 64 } },
    }),
  },
  {
    route: 'DELETE /api/my/avatar',
    access: 'registered',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({ method: 'DELETE', url: '/api/my/avatar' }),
  },
  {
    route: 'PATCH /api/my/nick',
    access: 'registered',
    body: true,
    emptyBodyOk: true,
    realPost: false,
    actor: (w) => w.owner,
    call: () => ({ method: 'PATCH', url: '/api/my/nick', payload: style }),
  },
  {
    route: 'POST /api/my/frame',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({ method: 'POST', url: '/api/my/frame', payload: { frame_id: null } }),
  },
  {
    route: 'POST /api/my/password',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.profiles.spare,
    call: () => ({
      method: 'POST',
      url: '/api/my/password',
      payload: {
        password: TEST_PASSWORD,
        new_password: TEST_PASSWORD,
        new_password_confirmation: TEST_PASSWORD,
      },
    }),
  },
  {
    route: 'DELETE /api/my/account',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.profiles.spare,
    call: () => ({
      method: 'DELETE',
      url: '/api/my/account',
      payload: { password: TEST_PASSWORD },
    }),
  },
];

export const PROFILES_SAFE_ROUTES: {
  route: string;
  url(w: World): string;
  access: 'public' | 'user';
}[] = [
  {
    route: 'GET /api/profile/:slug',
    url: (w) => `/api/profile/${w.owner.user.slug}`,
    access: 'public',
  },
  {
    route: 'GET /api/profiles/:tab',
    url: () => '/api/profiles/search?q=own&per_page=50',
    access: 'public',
  },
  { route: 'GET /api/frames', url: () => '/api/frames', access: 'public' },
];

export const MY_SAFE_ROUTES: SafeRouteCase[] = [
  { route: 'GET /api/my/profile', url: () => '/api/my/profile', access: 'user' },
  { route: 'GET /api/my/photos', url: () => '/api/my/photos', access: 'user' },
];
