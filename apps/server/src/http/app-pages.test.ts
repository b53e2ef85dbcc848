import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { HEAD_TEXTS_FILE } from './page-head';

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));

/** What apps/web/head-texts.ts writes into the build, from the web's own texts. */
function headTextsOfTheWebApp() {
  const read = (locale: string, ns: string) =>
    JSON.parse(readFileSync(join(WEB, 'src/i18n', locale, `${ns}.json`), 'utf8')) as Record<
      string,
      string
    >;
  const of = (locale: string) => ({
    appName: read(locale, 'common').appName,
    description: read(locale, 'common').description,
    titles: read(locale, 'titles'),
  });
  return { ru: of('ru'), en: of('en') };
}

// Issue 20 point 10: the server knows the route table and tells the truth before any script.
describe('the app pages the server sends', () => {
  let app: FastifyInstance;
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chat-app-pages-'));
    const webDist = join(dir, 'web');
    mkdirSync(webDist, { recursive: true });
    writeFileSync(join(webDist, 'index.html'), readFileSync(join(WEB, 'index.html')));
    writeFileSync(join(webDist, HEAD_TEXTS_FILE), JSON.stringify(headTextsOfTheWebApp()));
    const config = loadConfig({
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    });
    database = openDatabase(config.databaseUrl);
    app = await buildApp(config, { database, webDist, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => app.inject({ method, url });
  const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const metaOf = (html: string, name: string) =>
    new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1];

  it.each([
    ['/', 'ru', 'Бесплатный русский онлайн-чат'],
    ['/ru', 'ru', 'Бесплатный русский онлайн-чат'],
    ['/en', 'en', 'Free russian online chat'],
    ['/en/', 'en', 'Free russian online chat'],
    ['/en/chat', 'en', 'Chat — Chatik'],
    ['/ru/chat/1?x=1', 'ru', 'Чат — Чатик'],
    ['/en/profile/bob', 'en', 'Profile — Chatik'],
    ['/ru/my/photos', 'ru', 'Мой профиль — Чатик'],
    ['/en/page/privacy', 'en', 'Chatik'],
  ])('answers 200 at %s in %s, titled %s', async (url, lang, title) => {
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(langOf(page.body)).toBe(lang);
    expect(titleOf(page.body)).toBe(title);
    expect(metaOf(page.body, 'og:title')).toBe(title);
  });

  it.each([
    ['/en/no-such-page', 'en', 'Page not found — Chatik'],
    ['/ru/no-such-page', 'ru', 'Страница не найдена — Чатик'],
    ['/ru/chat/1/2', 'ru', 'Страница не найдена — Чатик'],
    // Near a page's address but none: the spec's quotes page is /quote.
    ['/ru/quotes', 'ru', 'Страница не найдена — Чатик'],
    ['/en/art/post/a/b', 'en', 'Page not found — Chatik'],
  ])('answers 404 at %s with the app in %s, titled %s', async (url, lang, title) => {
    const page = await get(url);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root"></div>');
    expect(langOf(page.body)).toBe(lang);
    expect(titleOf(page.body)).toBe(title);
    expect((await get(url, 'HEAD')).statusCode).toBe(404);
  });

  it('describes the site in the page’s language for link previews', async () => {
    const en = (await get('/en/chat')).body;
    expect(metaOf(en, 'description')).toMatch(/^Free online chat in Russian and English/);
    expect(metaOf(en, 'og:description')).toBe(metaOf(en, 'description') ?? 'missing');
    expect(metaOf(en, 'og:locale')).toBe('en_US');
    expect(metaOf(en, 'og:site_name')).toBe('Chatik');
    const ru = (await get('/')).body;
    expect(metaOf(ru, 'description')).toMatch(/^Бесплатный онлайн-чат/);
    expect(metaOf(ru, 'og:locale')).toBe('ru_RU');
    expect(ru.match(/<title>/g)).toHaveLength(1);
  });

  it('sends a first segment other than a locale to en, as the app does (spec section 2)', async () => {
    for (const [url, to] of [
      ['/de/chat?room=1', '/en/chat?room=1'],
      ['/xx/', '/en/'],
      ['/chat', '/en/'],
    ] as const) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(301);
      expect(answer.headers.location).toBe(to);
    }
  });

  it('answers a file it does not have with a plain 404, not the app', async () => {
    for (const url of ['/robots.txt', '/wp-login.php', '/.env']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type']).toContain('application/json');
    }
  });
});
