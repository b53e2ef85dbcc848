import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { shot, type BrowserSession } from './browser';
import {
  adminToken,
  apiEnterRoom,
  apiJson,
  apiSend,
  apiUser,
  enterAsGuest,
  enterRoom,
  messageWith,
  signInToChat,
  type Locale,
} from './chat-kit';
import { ADMIN_PASSWORD } from './global-setup';
// The app's own tab lists: a tab added to a page is scanned without a word here.
import { ADMIN_SECTIONS, MODERATION_TABS, PROFILE_TABS } from '@chat/shared';
import { BALANCE_PAGE_TABS } from '../src/features/balance/links';
import { MY_TABS } from '../src/features/my/tabs';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

// "Кино и сериалы" / "Movies & TV": some messages to scan, none of them the journey's concern.
const ROOM = 5;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Waits for the page to settle (its chunks, texts and first queries), then runs axe-core. */
async function scan(page: Page, path: string, found: string[], ready?: () => Promise<unknown>) {
  if (path !== '') await page.goto(path);
  await page.locator('main').waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await ready?.();
  // The splash and the route's lazy chunk: the page's own content is there once main has some.
  await page.waitForFunction(() => (document.querySelector('main')?.children.length ?? 0) > 0);
  // Evaluated, not added as a script tag: the site's Content-Security-Policy refuses inline
  // scripts (and the journeys fail on any violation).
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: Record<string, unknown>,
          ) => Promise<{ violations: Violation[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target,
        html: n.html.slice(0, 160),
        failureSummary: n.failureSummary,
      })),
    }));
  });
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const where = v.nodes
      .slice(0, 5)
      .map(
        (n) =>
          `      ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      )
      .join('\n');
    found.push(`${page.url()} [${v.impact}] ${v.id}: ${v.help}\n${where}`);
  }
}

/** A thread with a reply in the forum's first category, through the API. */
async function apiForumThread(baseUrl: string, token: string, locale: Locale) {
  const categories = (await (await apiJson(baseUrl, '/api/forum/categories')).json()) as {
    data: { slug: string; can_start: boolean }[];
  };
  const category = categories.data[0]?.slug;
  if (category === undefined) throw new Error('no forum category (seeds)');
  const started = await apiJson(baseUrl, `/api/forum/categories/${category}/threads`, {
    method: 'POST',
    token,
    body: {
      subject: `Axe <b>${locale}</b> ${Date.now()}`,
      text: `**axe** ${locale} -smile- [link](https://example.com)`,
      client_id: `axe-thread-${locale}-${Date.now()}`,
    },
  });
  if (started.status !== 201) throw new Error(`thread: ${started.status} ${await started.text()}`);
  const thread = ((await started.json()) as { data: { slug: string } }).data.slug;
  await apiJson(baseUrl, `/api/forum/threads/${thread}/posts`, {
    method: 'POST',
    token,
    body: { text: '> quoted\n\nA reply', client_id: `axe-reply-${locale}-${Date.now()}` },
  });
  return { category, thread };
}

/** Signs the seeded admin in from the login page. */
async function signInAsAdmin(page: Page, locale: Locale) {
  await signInToChat(page, locale, 'admin', ADMIN_PASSWORD);
}

/**
 * Scans every page a visitor, a guest, an admin and a banned person see in one language, and
 * fails on anything serious or critical. One file per language (axe-en, axe-ru), so that the two
 * run side by side.
 */
export async function scanEveryPage(session: BrowserSession, locale: Locale): Promise<void> {
  const found: string[] = [];
  const talker = await apiUser(session.baseUrl, 'Axe');
  await apiEnterRoom(session.baseUrl, talker.token, ROOM);
  await apiSend(session.baseUrl, talker.token, ROOM, `axe -smile- ${locale} https://example.com`);

  // A visitor.
  const visitor = await session.newPage();
  for (const path of ['', '/login', '/register', '/agreement', '/page/privacy', '/chat'])
    await scan(visitor, `/${locale}${path}`, found);
  for (const tab of PROFILE_TABS) await scan(visitor, `/${locale}/profiles/${tab}`, found);
  await scan(visitor, `/${locale}/no-such-page`, found);
  // Search: its hint, then people found by the talker's nick ("Axe…"), with marked words.
  await scan(visitor, `/${locale}/search`, found);
  await scan(visitor, `/${locale}/search?q=axe*&in=people`, found, () =>
    visitor.getByTestId('search-hit').first().waitFor(),
  );
  await shot(visitor, `axe-${locale}-search`);
  await shot(visitor, `axe-${locale}-404`);

  // The forum: its categories, a category, a thread with a reply (markup and a smiley).
  const forum = await apiForumThread(session.baseUrl, talker.token, locale);
  await scan(visitor, `/${locale}/forum`, found, () =>
    visitor.getByTestId('forum-categories').waitFor(),
  );
  await scan(visitor, `/${locale}/forum/${forum.category}`, found, () =>
    visitor.getByTestId('forum-thread-rows').waitFor(),
  );
  await scan(visitor, `/${locale}/forum/thread/${forum.thread}`, found, () =>
    visitor.getByTestId('forum-reply-guest').waitFor(),
  );
  await shot(visitor, `axe-${locale}-forum-thread`);
  // The art section: the groups and newest posts, a group's gallery, a seeded post.
  const art = (await (await apiJson(session.baseUrl, '/api/art?sort=new')).json()) as {
    data: { slug: string; group: { slug: string } }[];
  };
  const [seededArt] = art.data;
  if (!seededArt) throw new Error('no art post (seeds)');
  await scan(visitor, `/${locale}/art`, found, () => visitor.getByTestId('art-grid').waitFor());
  await scan(visitor, `/${locale}/art/${seededArt.group.slug}`, found, () =>
    visitor.getByTestId('art-grid').waitFor(),
  );
  await scan(visitor, `/${locale}/art/post/${seededArt.slug}`, found, () =>
    visitor.getByTestId('art-comment-guest').waitFor(),
  );
  // The forum's hits: the thread's subject and posts, with marked words (the index may lag).
  await scan(visitor, `/${locale}/search?q=axe&in=forum`, found, () =>
    visitor
      .locator('[data-testid="search-hit"], [data-testid="search-no-results"]')
      .first()
      .waitFor(),
  );

  // A guest: the chat without a room, and the "my" pages with the tabs a guest lacks.
  const guest = await session.newPage();
  await enterAsGuest(guest, locale);
  await scan(guest, '', found);
  for (const tab of ['chat', 'profile']) await scan(guest, `/${locale}/my/${tab}`, found);

  // The admin: the chat with a room entered, and every page behind a sign-in.
  const admin = await session.newPage();
  await signInAsAdmin(admin, locale);
  await enterRoom(admin, ROOM);
  await messageWith(admin, `${locale} https://example.com`).waitFor();
  await scan(admin, '', found);
  await shot(admin, `axe-${locale}-chat`);
  for (const path of ['', '/im', '/complaints', '/premium', '/profile/admin'])
    await scan(admin, `/${locale}${path}`, found);
  for (const tab of MY_TABS) await scan(admin, `/${locale}/my/${tab}`, found);
  // The forum as a moderator: the reply box with its preview, and a new thread's form.
  await scan(admin, `/${locale}/forum/thread/${forum.thread}`, found, async () => {
    await admin.getByTestId('forum-reply-text').fill('**axe** -smile-');
    await admin.getByTestId('forum-reply-preview').locator('.forum-html').waitFor();
  });
  await scan(admin, `/${locale}/forum/create/${forum.category}`, found, () =>
    admin.getByTestId('forum-create-text').waitFor(),
  );
  await scan(admin, `/${locale}/art/create/${seededArt.group.slug}`, found, () =>
    admin.getByTestId('art-editor-text').waitFor(),
  );
  for (const tab of PROFILE_TABS) await scan(admin, `/${locale}/profiles/${tab}`, found);
  for (const tab of MODERATION_TABS) await scan(admin, `/${locale}/moderation/${tab}`, found);
  for (const tab of BALANCE_PAGE_TABS) await scan(admin, `/${locale}/balance/${tab}`, found);
  // The admin area: its dashboard (a chart), every section, and the gifts' statistics.
  await scan(admin, `/${locale}/admin`, found);
  for (const section of Object.keys(ADMIN_SECTIONS))
    await scan(admin, `/${locale}/admin/${section}`, found);
  await scan(admin, `/${locale}/admin/gifts/statistics`, found);
  await shot(admin, `axe-${locale}-admin-statistics`);
  // The chat's history as someone who may read the room (its index may lag: hits or none).
  await scan(admin, `/${locale}/search?q=axe&in=chat&sort=new`, found, () =>
    admin
      .locator('[data-testid="search-hit"], [data-testid="search-no-results"]')
      .first()
      .waitFor(),
  );

  // A banned person's page.
  const banned = await apiUser(session.baseUrl, 'AxeBan');
  const bannedPage = await session.newPage();
  await signInToChat(bannedPage, locale, banned.nick);
  const ban = await apiJson(session.baseUrl, '/api/moderation/bans', {
    method: 'POST',
    token: await adminToken(session.baseUrl),
    body: { user_id: banned.id, type: 'ban', period: '7d', reason: 'flood', comment: 'axe' },
  });
  expect(ban.status).toBe(201);
  await scan(bannedPage, `/${locale}/banned`, found, () =>
    bannedPage.getByTestId('sanction-card-ban').waitFor(),
  );

  expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
}
