/**
 * Fills a migrated database (SQLite file or PostgreSQL schema) for the forum bench:
 * `node --import tsx bench/forum/generate.mjs --url <DATABASE_URL> [--posts 1000000]
 * [--threads 100000] [--messages 1000000] [--authors 20000] [--big-thread 10000] [--seed 21]`.
 * Runs under tsx so that nick keys, slugs and the search index's own tokens come from the
 * server's code, not a copy that could drift.
 *
 * What it writes, as the server would have:
 * - authors (users), four categories of its own (one holding half the threads);
 * - threads over two years, one of them `--big-thread` posts long, the rest of the posts spread
 *   unevenly (a few long threads, many short ones); posts get ids in the order they were
 *   written across threads, so a deep page of the long thread is scattered over the table as
 *   it would be; a few posts are new, refused or deleted; counters, first/last posts and
 *   category totals match what is visible;
 * - chat messages over the last year in the seeded rooms;
 * - the search index as production fills it (search-index.mjs).
 * Prints one JSON line: what it made, how long it took, and the word pairs the search phase
 * asks for (drawn from the texts written, so each pair has hits).
 */
import { createHash } from 'node:crypto';
import { DEFAULT_CHAT_SETTINGS, nickKey } from '@chat/shared';
import { slugBase } from '../../apps/server/src/lib/slug.ts';
import { hashToken } from '../../apps/server/src/lib/tokens.ts';
import { optionReader } from '../lib/args.mjs';
import { afterLoad, beforeLoad, directTerms } from './search-index.mjs';
import { mulberry32, textMaker } from './texts.mjs';
import { openWriter } from './writers.mjs';

function options(argv) {
  const get = optionReader(argv);
  const posts = Number(get('posts', 1_000_000));
  return {
    url: get('url', null),
    posts,
    threads: Number(get('threads', Math.max(10, Math.round(posts / 10)))),
    messages: Number(get('messages', 1_000_000)),
    authors: Number(get('authors', 20_000)),
    bigThread: Number(get('big-thread', Math.min(10_000, Math.round(posts / 10)))),
    seed: Number(get('seed', 21)),
    pairs: Number(get('pairs', 600)),
    sessions: Number(get('sessions', 5000)),
  };
}

const DAY = 86_400_000;
const iso = (ms) => new Date(ms).toISOString();
const CYRILLIC_WORD = /^[а-яё]+$/i;
const escapeHtml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CATEGORIES = [
  ['bench-talk', 'Болтовня', 'Talk', 0.5],
  ['bench-help', 'Помощь', 'Help', 0.25],
  ['bench-hobby', 'Увлечения', 'Hobbies', 0.15],
  ['bench-news', 'Новости', 'News', 0.1],
];

/** Two different Russian word forms of one text, as someone would search for it. */
function pairOf(words, random) {
  const russian = [...new Set(words.filter((w) => CYRILLIC_WORD.test(w)))];
  if (russian.length < 2) return null;
  const a = Math.floor(random() * russian.length);
  let b = Math.floor(random() * (russian.length - 1));
  if (b >= a) b += 1;
  return `${russian[a]} ${russian[b]}`.toLocaleLowerCase('ru');
}

function buildAuthors(opts, firstId, now) {
  return Array.from({ length: opts.authors }, (_, i) => {
    const id = firstId + i;
    const nick = i % 2 ? `Автор${id}` : `writer${id}`;
    return {
      id,
      slug: `${slugBase(nick)}-${id}`,
      nick,
      nick_key: nickKey(nick),
      password_hash: null,
      role: 'user',
      settings: JSON.stringify(DEFAULT_CHAT_SETTINGS),
      nick_style: '{}',
      created_at: iso(now - 3 * 365 * DAY),
      active_at: iso(now - DAY),
    };
  });
}

/**
 * When each post was written and in which thread: threads start over two years (sorted, so
 * thread ids follow creation), the long thread spans them all, others go on for a while.
 */
function plan(opts, random, now) {
  const T = opts.threads;
  const P = opts.posts;
  const threadStart = Float64Array.from({ length: T }, () => now - random() * 730 * DAY).sort();
  const counts = new Int32Array(T).fill(1);
  counts[0] = opts.bigThread;
  let rest = P - opts.bigThread - (T - 1);
  if (rest < 0) throw new Error('--posts must cover one post per thread and the long thread');
  // The rest go to threads skewed by a power of a uniform number: a few long, most short.
  while (rest-- > 0) counts[1 + Math.floor((T - 1) * random() ** 1.6)] += 1;
  const postThread = new Int32Array(P);
  const postTime = new Float64Array(P);
  let k = 0;
  for (let t = 0; t < T; t++) {
    let at = threadStart[t];
    const span = t === 0 ? now - at : Math.min(now - at, (1 + random() * 60) * DAY);
    const gap = span / counts[t];
    for (let n = 0; n < counts[t]; n++) {
      postThread[k] = t;
      postTime[k] = n === 0 ? at : (at += gap * 2 * random());
      if (postTime[k] > now) postTime[k] = now - random() * 1000;
      k += 1;
    }
  }
  const order = Uint32Array.from({ length: P }, (_, i) => i);
  order.sort((a, b) => postTime[a] - postTime[b] || a - b);
  return { threadStart, counts, postThread, postTime, order };
}

function categoryOf(t, random, categoryIds) {
  if (t === 0) return categoryIds[0];
  let r = random();
  for (let c = 0; c < CATEGORIES.length; c++) {
    r -= CATEGORIES[c][3];
    if (r < 0) return categoryIds[c];
  }
  return categoryIds[0];
}

export async function generate(opts) {
  const started = performance.now();
  const db = await openWriter(opts.url);
  const random = mulberry32(opts.seed);
  const make = textMaker(opts.seed + 1);
  const now = Date.now();

  const rooms = (await db.query('select id from rooms order by id')).map((r) => Number(r.id));
  if (!rooms.length) throw new Error('no rooms: start the server once so that it seeds them');
  const max = async (table) =>
    Number((await db.query(`select max(id) as m from ${table}`))[0].m ?? 0);
  const firstUserId = (await max('users')) + 1;
  const firstCategoryId = (await max('forum_categories')) + 1;
  const firstThreadId = (await max('forum_threads')) + 1;
  const firstPostId = (await max('forum_posts')) + 1;
  const positions = Number(
    (await db.query('select max(position) as m from forum_categories'))[0].m ?? 0,
  );

  await beforeLoad(db);
  await db.begin();
  const authors = buildAuthors(opts, firstUserId, now);
  await db.insert('users', authors);
  // Signed-in readers and writers for the bench's clients: sessions of the first authors, each
  // token shaped like the server's own (32 bytes, base64url), only its hash stored.
  const tokens = authors.slice(0, opts.sessions).map((a) => ({
    user_id: a.id,
    token: createHash('sha256').update(`forum-bench-${opts.seed}-${a.id}`).digest('base64url'),
  }));
  await db.insert(
    'sessions',
    tokens.map((t) => ({
      user_id: t.user_id,
      token_hash: hashToken(t.token),
      user_agent: 'bench',
      ip: '127.0.0.1',
      created_at: iso(now - DAY),
      last_active_at: iso(now - DAY),
    })),
  );
  const author = () => firstUserId + Math.floor(opts.authors * random() ** 2);

  const categoryIds = CATEGORIES.map((_, i) => firstCategoryId + i);
  const { counts, postThread, postTime, order } = plan(opts, random, now);
  const T = opts.threads;
  const threads = Array.from({ length: T }, (_, t) => {
    const { text: subject } = make('subject');
    const id = firstThreadId + t;
    return {
      id,
      category_id: categoryOf(t, random, categoryIds),
      slug: `${slugBase(subject).slice(0, 80)}-${id}`,
      subject,
      author_id: null,
      first_post_id: null,
      last_post_id: null,
      last_posted_at: null,
      created_at: null,
      posts_count: 0,
      views: Math.floor(counts[t] * (5 + random() * 20)),
      status: 'accepted',
      deleted_at: null,
      numbers: 0,
    };
  });

  // First the fate of every post (author, status, what it answers), so that threads and
  // categories, counted from it, go in before the posts that reference them.
  const P = opts.posts;
  const fate = new Uint8Array(P); // 0 accepted, 1 new, 2 refused, 3 deleted
  const authorOf = new Int32Array(P);
  const replyOf = new Int32Array(P);
  const numberOf = new Int32Array(P);
  for (let rank = 0; rank < P; rank++) {
    const thread = threads[postThread[order[rank]]];
    const id = firstPostId + rank;
    const at = iso(postTime[order[rank]]);
    thread.numbers += 1;
    numberOf[rank] = thread.numbers;
    const first = thread.numbers === 1;
    const r = random();
    // A few posts wait for a moderator (seen), were refused or deleted (not seen); first
    // posts stay visible so that every thread is listed.
    fate[rank] = first || r > 0.015 ? 0 : r < 0.01 ? 1 : r < 0.013 ? 2 : 3;
    authorOf[rank] = author();
    replyOf[rank] = !first && random() < 0.1 ? (thread.last_post_id ?? 0) : 0;
    if (first) {
      thread.author_id = authorOf[rank];
      thread.first_post_id = id;
      thread.created_at = at;
    }
    if (fate[rank] < 2) {
      thread.posts_count += 1;
      thread.last_post_id = id;
      thread.last_posted_at = at;
    }
  }
  const categories = CATEGORIES.map(([slug, ru, en], i) => {
    const mine = threads.filter((t) => t.category_id === categoryIds[i]);
    return {
      id: categoryIds[i],
      slug,
      name_ru: ru,
      name_en: en,
      description_ru: `${ru}: раздел для замеров`,
      description_en: `${en}: a bench category`,
      position: positions + 1 + i,
      threads_count: mine.length,
      posts_count: mine.reduce((n, t) => n + t.posts_count, 0),
      last_post_id: mine.reduce((m, t) => Math.max(m, t.last_post_id ?? 0), 0) || null,
      created_at: iso(now - 800 * DAY),
      updated_at: iso(now),
    };
  });
  await db.insert('forum_categories', categories);
  await db.insert('forum_threads', threads);

  const pairs = { forum: [], chat: [] };
  const pairEvery = Math.max(1, Math.floor(P / opts.pairs));
  let batch = [];
  const flushPosts = async () => {
    await db.insert('forum_posts', batch);
    batch = [];
  };
  for (let rank = 0; rank < P; rank++) {
    const k = order[rank];
    const at = iso(postTime[k]);
    const { text, words } = make('post');
    if (fate[rank] < 2 && rank % pairEvery === 0) {
      const pair = pairOf(words, random);
      if (pair) pairs.forum.push(pair);
    }
    batch.push({
      id: firstPostId + rank,
      thread_id: threads[postThread[k]].id,
      number: numberOf[rank],
      author_id: authorOf[rank],
      text,
      html: `<p>${escapeHtml(text)}</p>`,
      reply_to_id: replyOf[rank] || null,
      status: fate[rank] === 1 ? 'new' : fate[rank] === 2 ? 'refused' : 'accepted',
      created_at: at,
      deleted_at: fate[rank] === 3 ? at : null,
    });
    if (batch.length === 20_000) await flushPosts();
  }
  await flushPosts();
  const postsMs = performance.now() - started;

  const firstMessageId = (await max('messages')) + 1;
  const flushMessages = async () => {
    await db.insert('messages', batch);
    batch = [];
  };
  const pairEveryMessage = Math.max(1, Math.floor(opts.messages / opts.pairs));
  let at = now - 365 * DAY;
  const step = (365 * DAY) / Math.max(1, opts.messages);
  for (let i = 0; i < opts.messages; i++) {
    at += step * 2 * random();
    const { text, words } = make('chat');
    if (i % pairEveryMessage === 0) {
      const pair = pairOf(words, random);
      if (pair) pairs.chat.push(pair);
    }
    batch.push({
      id: firstMessageId + i,
      room_id: rooms[Math.floor(random() * rooms.length)],
      user_id: author(),
      text,
      created_at: iso(Math.min(at, now)),
    });
    if (batch.length === 20_000) await flushMessages();
  }
  await flushMessages();
  await db.commit();
  const loadMs = performance.now() - started;
  const indexInfo = await afterLoad(db);
  await db.finish();

  const big = threads[0];
  const biggest = categories[0];
  return {
    authors: opts.authors,
    threads: T,
    posts: opts.posts,
    messages: opts.messages,
    bigThread: { slug: big.slug, posts: big.posts_count, numbers: big.numbers },
    bigCategory: { slug: biggest.slug, threads: biggest.threads_count },
    search: indexInfo,
    postsWrittenMs: Math.round(postsMs),
    loadMs: Math.round(loadMs),
    totalMs: Math.round(performance.now() - started),
    firstUserId,
    postIds: [firstPostId, firstPostId + opts.posts - 1],
    categorySlugs: CATEGORIES.map(([slug]) => slug),
    tokens: tokens.map((t) => t.token),
    // Each query as typed, and as the database's own engine takes it (the direct client's).
    queries: {
      forum: pairs.forum.map((q) => ({ q, ...directTerms(q) })),
      chat: pairs.chat.map((q) => ({ q, ...directTerms(q) })),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const opts = options(process.argv.slice(2));
  if (!opts.url) {
    console.error('usage: node --import tsx bench/forum/generate.mjs --url <DATABASE_URL>');
    process.exit(1);
  }
  console.log(JSON.stringify(await generate(opts)));
}
