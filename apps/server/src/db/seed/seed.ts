import { randomBytes } from 'node:crypto';
import { DEFAULT_CHAT_SETTINGS, nickKey } from '@chat/shared';
import type { Database } from '../database';
import { nowIso } from '../../lib/clock';
import { hashPassword } from '../../lib/passwords';
import { MAIN_ROOM_SETTING } from '../site-settings';
import { DEMO_FONTS, DEMO_PAGES, DEMO_ROOMS, DEMO_SMILEY_GROUPS } from './demo-content';
import { seedDemoArt, type ArtContentTools } from './seed-art';
import { seedDemoForum, type ForumContentTools } from './seed-forum';
import { seedDemoFrames } from './seed-frames';
import { seedDemoGiftCatalogue } from './seed-gift-catalogue';
import { seedDemoGifs } from './seed-gifs';
import { nickSkeleton } from '../../lib/nick-skeleton';

const SEEDED_KEY = 'demo_seeded_at';

/**
 * Demo content for a fresh site: rooms, fonts, smileys and the static pages. Runs once; the
 * marker in site_settings keeps a restart from adding everything again.
 */
export async function seedDemo(
  database: Database,
  forum?: ForumContentTools,
  art?: ArtContentTools,
): Promise<boolean> {
  const { db } = database;
  // The GIF library came later and keeps its own marker (see seed-gifs.ts).
  const gifsAdded = await seedDemoGifs(database);
  const framesAdded = await seedDemoFrames(database, nowIso());
  const giftsAdded = await seedDemoGiftCatalogue(database, nowIso());
  // The demo forum needs the content tools (main.ts hands them in); without them, none.
  const forumAdded = forum ? await seedDemoForum(database, nowIso(), forum) : false;
  // The demo art section draws its pictures and stores them (main.ts hands in the storage).
  const artAdded = art ? await seedDemoArt(database, nowIso(), art) : false;
  const done = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst();
  if (done) return gifsAdded || framesAdded || giftsAdded || forumAdded || artAdded;
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const rooms = await trx
      .insertInto('rooms')
      .values(
        DEMO_ROOMS.map((r, i) => ({
          ...r,
          is_public: 1,
          owner_id: null,
          position: i + 1,
          created_at: at,
        })),
      )
      .returning('id')
      .execute();
    // The first demo room is the site's main room: the chat page enters it for newcomers.
    const main = rooms[0];
    if (main) {
      await trx
        .insertInto('site_settings')
        .values({ key: MAIN_ROOM_SETTING, value: String(main.id) })
        .execute();
    }
    await trx
      .insertInto('fonts')
      .values(DEMO_FONTS.map((font_family) => ({ font_family })))
      .execute();
    for (const [gi, group] of DEMO_SMILEY_GROUPS.entries()) {
      const { id } = await trx
        .insertInto('smiley_groups')
        .values({ name_ru: group.name_ru, name_en: group.name_en, position: gi + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('smileys')
        .values(
          group.smileys.map((tag, si) => ({
            group_id: id,
            tag,
            file: `${tag}.svg`,
            position: si + 1,
          })),
        )
        .execute();
    }
    if (DEMO_PAGES.length > 0) {
      await trx
        .insertInto('pages')
        .values(DEMO_PAGES.map((p) => ({ ...p, updated_at: at })))
        .execute();
    }
    await trx.insertInto('site_settings').values({ key: SEEDED_KEY, value: at }).execute();
  });
  return true;
}

/**
 * Makes sure the site has an administrator. Returns the generated password when one was made
 * up (main.ts prints it once), null when ADMIN_PASSWORD was used or an admin already exists.
 */
export async function ensureAdmin(
  { db }: Database,
  fixedPassword: string | null,
): Promise<string | null> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .executeTakeFirst();
  if (existing) return null;
  const password = fixedPassword ?? randomBytes(12).toString('base64url');
  await db
    .insertInto('users')
    .values({
      slug: 'admin',
      nick: 'admin',
      nick_key: nickKey('admin'),
      nick_skeleton: nickSkeleton('admin'),
      password_hash: await hashPassword(password),
      email: null,
      phone: null,
      gender: null,
      birthdate: null,
      role: 'admin',
      settings: JSON.stringify(DEFAULT_CHAT_SETTINGS),
      nick_style: JSON.stringify({ color: '#c0392b', weight: 700 }),
      avatar: null,
      frame: null,
      created_at: nowIso(),
      active_at: null,
    })
    .execute();
  return fixedPassword ? null : password;
}
