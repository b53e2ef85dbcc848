/**
 * Fills a migrated and seeded database for the art bench:
 * `node --import tsx bench/art/generate.mjs --url <DATABASE_URL> --data-dir <DATA_DIR>
 * [--posts 100000] [--authors 5000] [--pictures 48] [--seed 22]`. Runs under tsx so that the
 * pictures go through the server's own upload processing and storage (thumbnails and all) and
 * nick keys and slugs come from the server's code.
 *
 * What it writes, as the server would have:
 * - authors (users) with sessions for the signed-in half of the readers;
 * - `--pictures` photo-like uploads (pictures.mjs), processed and stored in DATA_DIR's storage,
 *   each linked to a post so that anyone may fetch its files;
 * - `--posts` posts over two years in the seeded groups (half in the first), each of 1 to 4 of
 *   those pictures; a few held, refused or deleted; likes and comments counters skewed as
 *   popularity is; each group's `posts_count` counted from what is visible.
 * Prints one JSON line: what it made, how long it took, the biggest group's slug, the tokens.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_CHAT_SETTINGS, nickKey } from '@chat/shared';
import { artContentTools } from '../../apps/server/src/features/art/art-seed-tools.ts';
import { slugBase } from '../../apps/server/src/lib/slug.ts';
import { LocalStorage } from '../../apps/server/src/lib/storage/local-storage.ts';
import { hashToken } from '../../apps/server/src/lib/tokens.ts';
import { optionReader } from '../lib/args.mjs';
import { openBulkWriter } from '../lib/bulk-writers.mjs';
import { registerSearchWords } from '../forum/search-index.mjs';
import { mulberry32, textMaker } from '../forum/texts.mjs';
import { photoLike } from './pictures.mjs';

const TABLES = {
  users: {
    id: 'int',
    slug: 'text',
    nick: 'text',
    nick_key: 'text',
    role: 'text',
    settings: 'text',
    nick_style: 'text',
    created_at: 'timestamptz',
    active_at: 'timestamptz',
  },
  sessions: {
    user_id: 'int',
    token_hash: 'text',
    user_agent: 'text',
    ip: 'text',
    created_at: 'timestamptz',
    last_active_at: 'timestamptz',
  },
  attachments: {
    id: 'int',
    user_id: 'int',
    purpose: 'text',
    status: 'text',
    mime: 'text',
    width: 'int',
    height: 'int',
    size: 'int',
    file_key: 'text',
    thumb_key: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  attachment_links: {
    attachment_id: 'int',
    kind: 'text',
    ref_id: 'int',
    created_at: 'timestamptz',
  },
  art_posts: {
    id: 'int',
    group_id: 'int',
    author_id: 'int',
    slug: 'text',
    title: 'text',
    text: 'text',
    html: 'text',
    adult_marked: 'int',
    adult: 'int',
    status: 'text',
    likes_count: 'int',
    comments_count: 'int',
    created_at: 'timestamptz',
    deleted_at: 'timestamptz',
  },
  art_post_pictures: { post_id: 'int', attachment_id: 'int', position: 'int' },
};

function options(argv) {
  const get = optionReader(argv);
  return {
    url: get('url', null),
    dataDir: get('data-dir', null),
    posts: Number(get('posts', 100_000)),
    authors: Number(get('authors', 5000)),
    pictures: Number(get('pictures', 48)),
    sessions: Number(get('sessions', 2000)),
    seed: Number(get('seed', 22)),
  };
}

const DAY = 86_400_000;
const iso = (ms) => new Date(ms).toISOString();
const escapeHtml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function storePictures(opts) {
  const tools = artContentTools(new LocalStorage(join(opts.dataDir, 'storage')));
  const stored = [];
  // A few at a time: each is a camera-sized picture decoded and encoded twice.
  for (let i = 0; i < opts.pictures; i += 4)
    stored.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(4, opts.pictures - i) }, async (_, k) =>
          tools.storePicture(await photoLike(i + k)),
        ),
      )),
    );
  return stored;
}

export async function generate(opts) {
  const started = performance.now();
  const pictures = await storePictures(opts);
  const db = await openBulkWriter(opts.url, TABLES);
  // The art posts' search index is kept by triggers as they go in (SQLite's needs the server's
  // word function on this connection).
  if (db.dialect === 'sqlite') registerSearchWords(db.db);
  const random = mulberry32(opts.seed);
  const make = textMaker(opts.seed + 1);
  const now = Date.now();
  const groups = (await db.query('select id, slug from art_groups order by position, id')).map(
    (g) => ({ id: Number(g.id), slug: g.slug }),
  );
  if (!groups.length) throw new Error('no art groups: start the server once so that it seeds them');
  const max = async (table) =>
    Number((await db.query(`select max(id) as m from ${table}`))[0].m ?? 0);
  const firstUserId = (await max('users')) + 1;
  const firstAttachmentId = (await max('attachments')) + 1;
  const firstPostId = (await max('art_posts')) + 1;

  await db.begin();
  const authors = Array.from({ length: opts.authors }, (_, i) => {
    const id = firstUserId + i;
    const nick = i % 2 ? `Художник${id}` : `artist${id}`;
    return {
      id,
      slug: `${slugBase(nick)}-${id}`,
      nick,
      nick_key: nickKey(nick),
      role: 'user',
      settings: JSON.stringify(DEFAULT_CHAT_SETTINGS),
      nick_style: '{}',
      created_at: iso(now - 3 * 365 * DAY),
      active_at: iso(now - DAY),
    };
  });
  await db.insert('users', authors);
  const tokens = authors
    .slice(0, opts.sessions)
    .map((a) => createHash('sha256').update(`art-bench-${opts.seed}-${a.id}`).digest('base64url'));
  await db.insert(
    'sessions',
    tokens.map((token, i) => ({
      user_id: authors[i].id,
      token_hash: hashToken(token),
      user_agent: 'bench',
      ip: '127.0.0.1',
      created_at: iso(now - DAY),
      last_active_at: iso(now - DAY),
    })),
  );
  await db.insert(
    'attachments',
    pictures.map((p, i) => ({
      id: firstAttachmentId + i,
      user_id: firstUserId,
      purpose: 'art',
      status: 'complete',
      ...p,
      created_at: iso(now - 800 * DAY),
      updated_at: iso(now - 800 * DAY),
    })),
  );

  const P = opts.posts;
  const times = Float64Array.from({ length: P }, () => now - random() * 730 * DAY).sort();
  const posts = [];
  const postPictures = [];
  const visible = new Map(groups.map((g) => [g.id, 0]));
  for (let k = 0; k < P; k++) {
    const id = firstPostId + k;
    const group = random() < 0.5 ? groups[0] : groups[Math.floor(random() * groups.length)];
    const fate = random();
    const status = fate < 0.01 ? 'new' : fate < 0.02 ? 'refused' : 'accepted';
    const deleted = fate >= 0.02 && fate < 0.03;
    const { text: title } = make('subject');
    const { text } = make('post');
    const adult = random() < 0.03 ? 1 : 0;
    posts.push({
      id,
      group_id: group.id,
      author_id: firstUserId + Math.floor(opts.authors * random() ** 2),
      slug: `${slugBase(title).slice(0, 80)}-${id}`,
      title,
      text,
      html: `<p>${escapeHtml(text)}</p>`,
      adult_marked: adult,
      adult,
      status,
      // Popularity is skewed: most posts get a few likes, a few get hundreds.
      likes_count: Math.floor(300 * random() ** 6),
      comments_count: Math.floor(60 * random() ** 5),
      created_at: iso(times[k]),
      deleted_at: deleted ? iso(times[k] + DAY) : null,
    });
    if (status === 'accepted' && !deleted) visible.set(group.id, visible.get(group.id) + 1);
    const count = 1 + Math.floor(random() ** 2 * 4);
    for (let position = 0; position < count; position++)
      postPictures.push({
        post_id: id,
        attachment_id: firstAttachmentId + Math.floor(random() * pictures.length),
        position,
      });
  }
  await db.insert('art_posts', posts);
  await db.insert('art_post_pictures', postPictures);
  // Each picture's files may be fetched by anyone: linked to one accepted post that uses it.
  const linked = new Map();
  for (const p of postPictures) {
    const post = posts[p.post_id - firstPostId];
    if (post.status === 'accepted' && !post.deleted_at && !linked.has(p.attachment_id))
      linked.set(p.attachment_id, p.post_id);
  }
  await db.insert(
    'attachment_links',
    [...linked].map(([attachment_id, ref_id]) => ({
      attachment_id,
      kind: 'art_post',
      ref_id,
      created_at: iso(now),
    })),
  );
  for (const [id, count] of visible)
    await db.query(
      db.dialect === 'sqlite'
        ? 'update art_groups set posts_count = posts_count + ? where id = ?'
        : 'update art_groups set posts_count = posts_count + $1 where id = $2',
      [count, id],
    );
  await db.commit();
  await db.finish();
  const biggest = groups[0];
  return {
    posts: P,
    pictures: pictures.length,
    groups: groups.length,
    bigGroup: { slug: biggest.slug, posts: visible.get(biggest.id) },
    totalMs: Math.round(performance.now() - started),
    tokens,
  };
}

const opts = options(process.argv.slice(2));
if (!opts.url || !opts.dataDir) throw new Error('--url and --data-dir are required');
console.log(JSON.stringify(await generate(opts)));
