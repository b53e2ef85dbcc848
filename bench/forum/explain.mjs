/**
 * Where a search's time goes, on a database the forum bench generated: `node --import tsx
 * bench/forum/explain.mjs --url <DATABASE_URL> --q "кошки город" [--user <id>] [--in forum]`.
 * Times each step of features/search/search.service.ts (the other tab's count, the tab's walk
 * that gives its page's candidates and its count, the ranking in the app, the page's details
 * and snippets) and one stem of the
 * Snowball stemmer. A diagnosis tool, not a measurement: one query, run three times. A
 * database is kept by `npm run bench -- forum --keep-data`.
 */
import { SEARCH_COUNT_CAP } from '../../packages/shared/src/index.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { viewerOf } from '../../apps/server/src/access/viewer.ts';
import { byRelevance, BEST_CANDIDATES } from '../../apps/server/src/features/search/relevance.ts';
import { stemWord } from '../../apps/server/src/lib/search-words.ts';
import { searchDriverFor } from '../../apps/server/src/features/search/search-driver.ts';
import { parseSearchQuery } from '../../apps/server/src/features/search/search-query.ts';
import { chatSearchSource } from '../../apps/server/src/features/search/sources/chat.source.ts';
import { forumSearchSource } from '../../apps/server/src/features/search/sources/forum.source.ts';
import { optionReader } from '../lib/args.mjs';

const get = optionReader(process.argv.slice(2));
const url = get('url', null);
const q = get('q', 'кошки город');
const scope = get('in', 'forum');
const database = openDatabase(url);
const { db } = database;
const userId = Number(get('user', 2));
const user = await db
  .selectFrom('users')
  .selectAll()
  .where('id', '=', userId)
  .executeTakeFirstOrThrow();
const viewer = viewerOf(user);
const source = scope === 'chat' ? chatSearchSource : forumSearchSource;
const request = {
  db,
  driver: searchDriverFor(database),
  viewer,
  query: parseSearchQuery(q),
  text: q,
  sort: 'best',
  locale: 'ru',
};

async function time(label, f, runs = 3) {
  let result;
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = await f();
    ms.push(performance.now() - t);
  }
  console.log(`${label}: ${ms.map((m) => m.toFixed(1)).join(' / ')} ms`);
  return result;
}

// The steps of SearchService.search for page 1: the other tab's count, the tab's one walk.
const cap = SEARCH_COUNT_CAP + 1;
await time(`count (cap ${cap}) ${scope === 'chat' ? 'forum' : 'chat'}`, () =>
  (scope === 'chat' ? forumSearchSource : chatSearchSource).count(request, cap),
);
const refs = await time(`refs: newest ${cap} with text (the page and the count)`, () =>
  source.refs(request, { limit: cap, offset: 0 }, true),
);
console.log(`  = ${refs.length}`);
const page = await time('rank in the app', async () =>
  byRelevance(refs.slice(0, BEST_CANDIDATES), request.query).slice(0, 20),
);
await time('hits (details, snippets)', () => source.hits(request, page));
await time('refs: newest 20 without text', () =>
  source.refs(request, { limit: 20, offset: 0 }, false),
);

await time('stem 1000 word forms', () => {
  for (let i = 0; i < 1000; i++) stemWord(i % 2 ? 'кошками' : 'городах');
});
await database.close();
