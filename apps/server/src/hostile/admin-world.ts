/**
 * The admin area in the hostile world (kit.ts): what its routes act on, written straight to the
 * database (smiley groups and smileys, fonts, frames, sounds, gifts never sent, app releases, a
 * static page, an upload of the admin's own, the versions of the settings, of a role and of the
 * agreement), and the admin module's cases in the sweep's catalogue (its entry in
 * module-cases.ts). A DELETE acts on a row of its own, never on one another case changes.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { SETTINGS_VERSION_SETTING } from '../db/site-settings';
import { AGREEMENT_VERSION_SETTING } from '../features/admin/pages/pages-admin.repository';
import type { Client } from '../test/factories';
import type { AdminWorld, RouteCase, SafeRouteCase } from './world';

let serial = 0;

export async function buildAdminWorld(
  db: Kysely<DB>,
  people: { admin: Client },
  at: string,
): Promise<AdminWorld> {
  serial += 1;
  const tag = `${serial}_${Math.random().toString(36).slice(2, 8)}`;
  const slugTag = tag.replace('_', '-');
  const position = 1000 + serial;
  // Two rows of a kind in one insert (one to change, one to delete), told apart by a column
  // of their own: the order of RETURNING is not promised. Independent inserts run together,
  // since every route of the sweep builds a world of its own.
  const pair = <R extends { id: number; updated_at: string }>(
    rows: R[],
    pick: (r: R) => boolean,
  ) => {
    const first = rows.find(pick)!;
    const second = rows.find((r) => r !== first)!;
    return [
      { id: first.id, updated_at: first.updated_at },
      { id: second.id, updated_at: second.updated_at },
    ] as const;
  };

  const smileysPart = async () => {
    const groups = await db
      .insertInto('smiley_groups')
      .values(
        ['Hostile', 'Empty'].map((name) => ({
          name_ru: `${name} ${tag}`,
          name_en: `${name} ${tag}`,
          position,
          updated_at: at,
        })),
      )
      .returning(['id', 'updated_at', 'name_en'])
      .execute();
    const [group, emptyGroup] = pair(groups, (g) => g.name_en.startsWith('Hostile'));
    const smileys = await db
      .insertInto('smileys')
      .values(
        ['a', 'b'].map((name, i) => ({
          group_id: group.id,
          tag: `h${name}_${tag}`,
          // Not under /storage/: deleting the row deletes no file.
          file: `/img/smileys/hostile-${name}-${slugTag}.gif`,
          position: i + 1,
          updated_at: at,
        })),
      )
      .returning(['id', 'updated_at', 'tag'])
      .execute();
    const [smiley, spareSmiley] = pair(smileys, (s) => s.tag.startsWith('ha_'));
    return { group, emptyGroup, smiley, spareSmiley };
  };

  const fonts = db
    .insertInto('fonts')
    .values(
      ['a', 'b'].map((name) => ({
        font_family: `Hostile ${name} ${tag}`,
        file: null,
        premium_only: 0,
        position,
        active: 1,
        updated_at: at,
      })),
    )
    .returning(['id', 'updated_at', 'font_family'])
    .execute();
  const frames = db
    .insertInto('frames')
    .values(
      ['a', 'b'].map((name) => ({
        name_ru: `Рамка ${name}`,
        name_en: `Frame ${name}`,
        file: `/img/frames/hostile-${name}-${slugTag}.png`,
        premium_only: 0,
        position,
        active: 1,
        updated_at: at,
      })),
    )
    .returning(['id', 'updated_at', 'name_en'])
    .execute();
  const sounds = db
    .insertInto('sounds')
    .values(
      ['a', 'b'].map((name) => ({
        name_ru: `Звук ${name}`,
        name_en: `Sound ${name}`,
        file: `sounds/hostile-${name}-${slugTag}.wav`,
        mime: 'audio/wav',
        size: 100,
        default_for: null,
        position,
        active: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .returning(['id', 'updated_at', 'name_en'])
    .execute();
  const gifts = db
    .insertInto('gifts')
    .values(
      ['a', 'b'].map((name) => ({
        name_ru: `Подарок ${name}`,
        name_en: `Gift ${name}`,
        price: 5,
        file: `/img/gifts/hostile-${name}-${slugTag}.png`,
        premium_only: 0,
        active: 1,
        position,
        updated_at: at,
      })),
    )
    .returning(['id', 'updated_at', 'name_en'])
    .execute();
  // The picture of a new gift: the admin's own complete upload, on no gift yet.
  const upload = db
    .insertInto('attachments')
    .values({
      user_id: people.admin.user.id,
      purpose: 'attachment',
      status: 'complete',
      mime: 'image/png',
      width: 40,
      height: 30,
      size: 1234,
      adult: 0,
      adult_marked: 0,
      original_key: null,
      file_key: `files/hostile-gift-${slugTag}.png`,
      thumb_key: `thumbs/hostile-gift-${slugTag}.webp`,
      error: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const releases = db
    .insertInto('app_releases')
    .values(
      [1, 2].map((patch) => ({
        platform: 'pc',
        version: `7.${serial}.${patch}`,
        file: null,
        url: 'https://example.com/hostile',
        required: 0,
        created_at: at,
        updated_at: at,
      })),
    )
    .returning(['id', 'updated_at', 'version'])
    .execute();
  const pageSlug = `hostile-${slugTag}`;
  const page = db
    .insertInto('pages')
    .values(
      (['ru', 'en'] as const).map((locale) => ({
        slug: pageSlug,
        locale,
        title: 'Hostile',
        body: 'A page',
        updated_at: at,
      })),
    )
    .returning('updated_at')
    .execute();
  const settings = db
    .selectFrom('site_settings')
    .select(['key', 'value'])
    .where('key', 'in', [
      SETTINGS_VERSION_SETTING,
      AGREEMENT_VERSION_SETTING,
      'hide_moderator_names',
    ])
    .execute();
  const role = db
    .selectFrom('role_permissions')
    .selectAll()
    .where('role', '=', 'moderator')
    .executeTakeFirstOrThrow();

  const [smileys, fontRows, frameRows, soundRows, giftRows, uploadRow, releaseRows] =
    await Promise.all([smileysPart(), fonts, frames, sounds, gifts, upload, releases]);
  const [pageRows, settingRows, roleRow] = await Promise.all([page, settings, role]);
  const setting = (key: string) => settingRows.find((r) => r.key === key)?.value;
  const [font, spareFont] = pair(fontRows, (r) => r.font_family.startsWith('Hostile a '));
  const [frame, spareFrame] = pair(frameRows, (r) => r.name_en === 'Frame a');
  const [sound, spareSound] = pair(soundRows, (r) => r.name_en === 'Sound a');
  const [gift, spareGift] = pair(giftRows, (r) => r.name_en === 'Gift a');
  const [release, spareRelease] = pair(releaseRows, (r) => r.version.endsWith('.1'));
  const agreement = Number(setting(AGREEMENT_VERSION_SETTING));

  return {
    ...smileys,
    font,
    spareFont,
    frame,
    spareFrame,
    sound,
    spareSound,
    gift,
    spareGift,
    uploadId: uploadRow.id,
    release,
    spareRelease,
    releaseVersion: `8.${serial}.${Math.floor(Math.random() * 100_000)}`,
    pageSlug,
    pageUpdatedAt: pageRows[0]!.updated_at,
    settingsVersion: setting(SETTINGS_VERSION_SETTING) ?? '',
    hideModeratorNames: setting('hide_moderator_names') === '1',
    moderatorRole: {
      permissions: JSON.parse(roleRow.permissions) as string[],
      updated_at: roleRow.updated_at,
    },
    agreementVersion: Number.isInteger(agreement) && agreement > 0 ? agreement : 1,
  };
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies of the admin's uploads. The payload is a string, and every byte of the files
// below is ASCII: the sweep re-encodes a case's payload (kit.ts flatFields), which turns a Buffer
// into one field per byte, and a string with bytes over 0x7f would not survive as UTF-8.

/** A 1×1 GIF without a colour table: ASCII bytes only, decoded by sharp all the same. */
const ASCII_GIF =
  'GIF89a\x01\x00\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;';

/** A short 8-bit mono WAV (8000 Hz) whose header and samples are all ASCII. */
const ASCII_WAV = (() => {
  const samples = '@'.repeat(64);
  const le32 = (n: number) => String.fromCharCode(n & 0xff, (n >> 8) & 0xff, 0, 0);
  return (
    `RIFF${le32(36 + samples.length)}WAVEfmt ${le32(16)}\x01\x00\x01\x00${le32(8000)}` +
    `${le32(8000)}\x01\x00\x08\x00data${le32(samples.length)}${samples}`
  );
})();

/** A WOFF2 file as the font route reads it: its signature, then bytes. */
const ASCII_WOFF2 = `wOF2${'\x00'.repeat(4)}${'x'.repeat(60)}`;

/** A Windows installer as the release upload reads it: `MZ`, then bytes. */
const ASCII_EXE = `MZ${'x'.repeat(62)}`;

function form(
  fields: Record<string, string>,
  file: { field: string; filename: string; type: string; content: string },
): { headers: Record<string, string>; payload: string } {
  const boundary = `----hostileadmin${Math.random().toString(36).slice(2, 10)}`;
  let payload = '';
  for (const [name, value] of Object.entries(fields))
    payload += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  payload +=
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ` +
    `filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n`;
  payload += `--${boundary}--\r\n`;
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}

const fresh = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

const admin = (path: string) => `/api/admin/${path}`;

export const ADMIN_UNSAFE_ROUTES: RouteCase[] = [
  // Settings and the permission table.
  {
    route: 'PUT /api/admin/settings',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PUT',
      url: admin('settings'),
      // The value it already has: the change moves the version, and nothing else.
      payload: {
        settings: { hide_moderator_names: w.adminArea.hideModeratorNames },
        updated_at: w.adminArea.settingsVersion,
      },
    }),
  },
  {
    route: 'PUT /api/admin/roles/:role',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PUT',
      url: admin('roles/moderator'),
      payload: {
        permissions: w.adminArea.moderatorRole.permissions,
        updated_at: w.adminArea.moderatorRole.updated_at,
      },
    }),
  },
  // Smileys.
  {
    route: 'POST /api/admin/smileys',
    access: 'registered',
    body: true,
    realPost: true,
    streamsBody: true,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'POST',
      url: admin('smileys'),
      ...form(
        { tag: `n${fresh()}`, group_id: String(w.adminArea.group.id) },
        { field: 'image', filename: 'smiley.gif', type: 'image/gif', content: ASCII_GIF },
      ),
    }),
  },
  {
    route: 'PATCH /api/admin/smileys/:id',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PATCH',
      url: admin(`smileys/${w.adminArea.smiley.id}`),
      payload: { position: 5, updated_at: w.adminArea.smiley.updated_at },
    }),
  },
  {
    route: 'DELETE /api/admin/smileys/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({ method: 'DELETE', url: admin(`smileys/${w.adminArea.spareSmiley.id}`) }),
  },
  {
    route: 'PUT /api/admin/smileys/order',
    access: 'registered',
    body: true,
    emptyBodyOk: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PUT',
      url: admin('smileys/order'),
      payload: {
        groups: [
          {
            id: w.adminArea.group.id,
            smiley_ids: [w.adminArea.spareSmiley.id, w.adminArea.smiley.id],
          },
        ],
      },
    }),
  },
  {
    route: 'POST /api/admin/smiley-groups',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.admin,
    call: () => ({
      method: 'POST',
      url: admin('smiley-groups'),
      payload: { name_ru: 'Новые', name_en: 'New ones' },
    }),
  },
  {
    route: 'PATCH /api/admin/smiley-groups/:id',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PATCH',
      url: admin(`smiley-groups/${w.adminArea.group.id}`),
      payload: { name_en: 'Renamed', updated_at: w.adminArea.group.updated_at },
    }),
  },
  {
    route: 'DELETE /api/admin/smiley-groups/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({ method: 'DELETE', url: admin(`smiley-groups/${w.adminArea.emptyGroup.id}`) }),
  },
  // Fonts.
  {
    route: 'POST /api/admin/fonts',
    access: 'registered',
    body: true,
    realPost: true,
    streamsBody: true,
    actor: (w) => w.admin,
    call: () => ({
      method: 'POST',
      url: admin('fonts'),
      ...form(
        { font_family: `New ${fresh()}` },
        { field: 'file', filename: 'font.woff2', type: 'font/woff2', content: ASCII_WOFF2 },
      ),
    }),
  },
  {
    route: 'PATCH /api/admin/fonts/:id',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PATCH',
      url: admin(`fonts/${w.adminArea.font.id}`),
      payload: { position: 5, updated_at: w.adminArea.font.updated_at },
    }),
  },
  {
    route: 'DELETE /api/admin/fonts/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({ method: 'DELETE', url: admin(`fonts/${w.adminArea.spareFont.id}`) }),
  },
  // Frames and sounds: a new one is a multipart form with its file (parsed whole, not streamed).
  {
    route: 'POST /api/admin/frames',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.admin,
    call: () => ({
      method: 'POST',
      url: admin('frames'),
      ...form(
        { name_ru: 'Рамка', name_en: 'Frame' },
        { field: 'image', filename: 'frame.gif', type: 'image/gif', content: ASCII_GIF },
      ),
    }),
  },
  {
    route: 'PATCH /api/admin/frames/:id',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PATCH',
      url: admin(`frames/${w.adminArea.frame.id}`),
      payload: { name_en: 'Renamed', updated_at: w.adminArea.frame.updated_at },
    }),
  },
  {
    route: 'DELETE /api/admin/frames/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({ method: 'DELETE', url: admin(`frames/${w.adminArea.spareFrame.id}`) }),
  },
  {
    route: 'POST /api/admin/sounds',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.admin,
    call: () => ({
      method: 'POST',
      url: admin('sounds'),
      ...form(
        { name_ru: 'Звук', name_en: 'Sound' },
        { field: 'file', filename: 'sound.wav', type: 'audio/wav', content: ASCII_WAV },
      ),
    }),
  },
  {
    route: 'PATCH /api/admin/sounds/:id',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PATCH',
      url: admin(`sounds/${w.adminArea.sound.id}`),
      payload: { name_en: 'Renamed', updated_at: w.adminArea.sound.updated_at },
    }),
  },
  {
    route: 'DELETE /api/admin/sounds/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({ method: 'DELETE', url: admin(`sounds/${w.adminArea.spareSound.id}`) }),
  },
  // Gifts.
  {
    route: 'POST /api/admin/gifts',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'POST',
      url: admin('gifts'),
      payload: { name_ru: 'Ёлка', name_en: 'Fir tree', image_id: w.adminArea.uploadId, price: 7 },
    }),
  },
  {
    route: 'PATCH /api/admin/gifts/:id',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PATCH',
      url: admin(`gifts/${w.adminArea.gift.id}`),
      payload: { price: 6, updated_at: w.adminArea.gift.updated_at },
    }),
  },
  {
    route: 'DELETE /api/admin/gifts/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({ method: 'DELETE', url: admin(`gifts/${w.adminArea.spareGift.id}`) }),
  },
  // Static pages, the agreement, app releases.
  {
    route: 'PUT /api/admin/pages/:slug',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PUT',
      url: admin(`pages/${w.adminArea.pageSlug}`),
      payload: {
        title_ru: 'Страница',
        text_ru: 'Текст',
        title_en: 'Page',
        text_en: 'Text',
        updated_at: w.adminArea.pageUpdatedAt,
      },
    }),
  },
  {
    route: 'POST /api/admin/pages/preview',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.admin,
    call: () => ({
      method: 'POST',
      url: admin('pages/preview'),
      payload: { text: '# Title\n\n*Text* <script>x</script>' },
    }),
  },
  {
    route: 'POST /api/agreement/accept',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/agreement/accept',
      payload: { version: w.adminArea.agreementVersion },
    }),
  },
  {
    route: 'POST /api/admin/app-releases',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'POST',
      url: admin('app-releases'),
      payload: {
        platform: 'android',
        version: w.adminArea.releaseVersion,
        url: 'https://example.com/store',
      },
    }),
  },
  {
    route: 'POST /api/admin/app-releases/file',
    access: 'registered',
    body: true,
    realPost: true,
    streamsBody: true,
    actor: (w) => w.admin,
    call: () => ({
      method: 'POST',
      url: admin('app-releases/file'),
      ...form(
        {},
        {
          field: 'file',
          filename: 'setup.exe',
          type: 'application/octet-stream',
          content: ASCII_EXE,
        },
      ),
    }),
  },
  {
    route: 'PATCH /api/admin/app-releases/:id',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'PATCH',
      url: admin(`app-releases/${w.adminArea.release.id}`),
      payload: { notes_en: 'Fixes', updated_at: w.adminArea.release.updated_at },
    }),
  },
  {
    route: 'DELETE /api/admin/app-releases/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.admin,
    call: (w) => ({ method: 'DELETE', url: admin(`app-releases/${w.adminArea.spareRelease.id}`) }),
  },
];

const adminGet = (path: string): SafeRouteCase => ({
  route: `GET /api/admin/${path.split('?')[0]}`,
  url: () => admin(path),
  access: 'user',
});

export const ADMIN_SAFE_ROUTES: SafeRouteCase[] = [
  adminGet('log?page=1&q=x'),
  adminGet('settings'),
  adminGet('permissions'),
  adminGet('smileys'),
  adminGet('fonts'),
  adminGet('frames'),
  adminGet('sounds'),
  adminGet('gifts'),
  adminGet('gifts/statistics?from=2026-01-01&to=2026-01-31&group=week'),
  adminGet('gifts/statistics/csv?from=2026-01-01&to=2026-01-31'),
  adminGet('dashboard?from=2026-01-01&to=2026-01-31'),
  adminGet('pages'),
  {
    route: 'GET /api/admin/pages/:slug',
    url: (w) => admin(`pages/${w.adminArea.pageSlug}`),
    access: 'user',
  },
  adminGet('app-releases'),
  { route: 'GET /api/sounds', url: () => '/api/sounds', access: 'public' },
  {
    route: 'GET /api/sounds/files/:name',
    url: () => '/api/sounds/files/default-message.wav',
    access: 'public',
  },
  {
    route: 'GET /storage/fonts/:name',
    url: () => '/storage/fonts/0123456789abcdef01234567.woff2',
    access: 'public',
  },
];
