import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { shot, type BrowserSession } from './browser';
import { uniqueNick } from './api';
import {
  adminToken,
  apiEnterRoom,
  apiJson,
  apiSend,
  apiUser,
  enterRoom,
  messageWith,
  openChat,
  signInThroughApi,
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

/** What the app shows while something is on its way: the splash, spinners, placeholders. */
const LOADING = [
  '[data-testid="splash"]',
  '.spinner-border',
  '.spinner-grow',
  '.placeholder-glow',
  '.placeholder-wave',
  '[aria-busy="true"]',
].join(', ');

/**
 * How long no request may start or end before a page counts as loaded. A waterfall (the route's
 * chunk, its texts, its queries, what their answers mount) goes on within a few milliseconds of
 * the previous step; Playwright's `networkidle` waits 500 ms after the last, on every page.
 */
const QUIET_MS = 100;
const SETTLE_TIMEOUT_MS = 30_000;

/**
 * Counts the page's short timers still to run: what the app is about to do by itself (React
 * reveals content that came while a Suspense fallback showed up to 300 ms later; previews wait
 * for typing to stop). Longer ones (toasts hiding, refreshes every half minute) are not waited on.
 * Added before the app's scripts, which keep the setTimeout they find.
 */
function countShortTimers() {
  const limitMs = 1000;
  const pending = new Set<number>();
  const set = window.setTimeout.bind(window);
  const clear = window.clearTimeout.bind(window);
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    if (typeof handler !== 'function' || (delay ?? 0) > limitMs)
      return set(handler, delay, ...args);
    const id = set(
      (...called: unknown[]) => {
        pending.delete(id);
        (handler as (...a: unknown[]) => void)(...called);
      },
      delay,
      ...args,
    );
    pending.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) pending.delete(id);
    clear(id);
  }) as typeof window.clearTimeout;
  (window as unknown as { __axeTimers: () => number }).__axeTimers = () => pending.size;
}

/**
 * One person's browser tab through the scan. It loads the site once; every page after that is
 * reached inside the app, as its own links do (react-router hears a history entry), so the app
 * does not boot again, axe-core is evaluated once per document, and a page is scanned as soon as
 * it has settled rather than after a fixed wait.
 */
class ScanTab {
  private readonly inFlight = new Set<Request>();
  private lastTraffic = Date.now();

  private constructor(
    readonly page: Page,
    private readonly found: string[],
  ) {
    page.on('request', (request) => {
      this.inFlight.add(request);
      this.lastTraffic = Date.now();
    });
    const done = (request: Request) => {
      this.inFlight.delete(request);
      this.lastTraffic = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }

  /** A tab watched from its first request. */
  static async open(session: BrowserSession, found: string[]): Promise<ScanTab> {
    const page = await session.newPage();
    await page.addInitScript(countShortTimers);
    return new ScanTab(page, found);
  }

  private quiet(): boolean {
    return this.inFlight.size === 0 && Date.now() - this.lastTraffic >= QUIET_MS;
  }

  /**
   * Goes to `path` (loading the site when the tab has none yet, else as the app's links do) and
   * scans it once it has settled and `ready` (the page's own content) is there. `path` '' scans
   * the page the tab is on.
   */
  async scan(path: string, ready?: () => Promise<unknown>): Promise<void> {
    const { page } = this;
    const current = page.url() === 'about:blank' ? null : new URL(page.url());
    let moved = false;
    if (path !== '' && current === null) {
      await page.goto(path);
    } else if (path !== '' && `${current?.pathname}${current?.search}` !== path) {
      await page.evaluate((to) => {
        const main = document.querySelector('main');
        (window as unknown as { __axeLeft?: string }).__axeLeft = main?.innerHTML ?? '';
        // The router's own entry shape ({usr, key, idx}), so it takes this as a step forward.
        const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
        const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx };
        window.history.pushState(state, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', { state }));
      }, path);
      moved = true;
    }
    await this.settle(moved);
    if (ready) {
      await ready();
      await this.settle(false);
    }
    await this.check();
  }

  /**
   * Waits until no request is on its way (nor was for QUIET_MS), and the page has its content:
   * main is filled, shows nothing loading, has no short timer pending and no transition running,
   * and (after an in-app move) is no longer the page it left. The check runs a frame later, after
   * whatever the last answer set off has rendered.
   */
  private async settle(moved: boolean): Promise<void> {
    const { page } = this;
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      while (!this.quiet()) {
        if (Date.now() > deadline) {
          const pending = [...this.inFlight].map((r) => r.url()).join(', ');
          throw new Error(`${page.url()}: requests still open: ${pending}`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      const waiting = await page.evaluate(
        ({ loading, moved }) =>
          new Promise<string>((resolve) => {
            requestAnimationFrame(() =>
              setTimeout(() => {
                const main = document.querySelector('main');
                const { __axeLeft: left, __axeTimers: timers } = window as unknown as {
                  __axeLeft?: string;
                  __axeTimers: () => number;
                };
                const busy = document.querySelector(loading);
                // A tab made active a moment ago is still fading to its colours: axe would
                // measure the contrast halfway. Spinners and the like run forever: not these.
                const moving = document
                  .getAnimations()
                  .filter(
                    (a) =>
                      a.playState === 'running' &&
                      (a.effect?.getComputedTiming().endTime ?? Infinity) !== Infinity,
                  ).length;
                if (main === null || main.children.length === 0) resolve('main is empty');
                else if (busy) resolve(`it shows ${busy.outerHTML.slice(0, 120)}`);
                else if (timers() > 0) resolve(`${timers()} short timers are pending`);
                else if (moving > 0) resolve(`${moving} transitions run`);
                else if (moved && main.innerHTML === left)
                  resolve('main still shows the last page');
                else resolve('');
              }),
            );
          }),
        { loading: LOADING, moved },
      );
      if (waiting === '' && this.quiet()) return;
      if (Date.now() > deadline) throw new Error(`${page.url()} did not settle: ${waiting}`);
    }
  }

  /** Runs axe-core (evaluated once per document) and records what is serious or critical. */
  private async check(): Promise<void> {
    const { page } = this;
    // Evaluated, not added as a script tag: the site's Content-Security-Policy refuses inline
    // scripts (and the journeys fail on any violation).
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
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
      this.found.push(`${page.url()} [${v.impact}] ${v.id}: ${v.help}\n${where}`);
    }
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
  const visitor = await ScanTab.open(session, found);
  for (const path of ['', '/login', '/register', '/agreement', '/page/privacy', '/chat'])
    await visitor.scan(`/${locale}${path}`);
  for (const tab of PROFILE_TABS) await visitor.scan(`/${locale}/profiles/${tab}`);
  await visitor.scan(`/${locale}/no-such-page`);
  // Search: its hint, then people found by the talker's nick ("Axe…"), with marked words.
  await visitor.scan(`/${locale}/search`);
  await visitor.scan(`/${locale}/search?q=axe*&in=people`, () =>
    visitor.page.getByTestId('search-hit').first().waitFor(),
  );
  await shot(visitor.page, `axe-${locale}-search`);
  await shot(visitor.page, `axe-${locale}-404`);

  // The forum: its categories, a category, a thread with a reply (markup and a smiley).
  const forum = await apiForumThread(session.baseUrl, talker.token, locale);
  await visitor.scan(`/${locale}/forum`, () =>
    visitor.page.getByTestId('forum-categories').waitFor(),
  );
  await visitor.scan(`/${locale}/forum/${forum.category}`, () =>
    visitor.page.getByTestId('forum-thread-rows').waitFor(),
  );
  await visitor.scan(`/${locale}/forum/thread/${forum.thread}`, () =>
    visitor.page.getByTestId('forum-reply-guest').waitFor(),
  );
  await shot(visitor.page, `axe-${locale}-forum-thread`);
  // The art section: the groups and newest posts, a group's gallery, a seeded post.
  const art = (await (await apiJson(session.baseUrl, '/api/art?sort=new')).json()) as {
    data: { slug: string; group: { slug: string } }[];
  };
  const [seededArt] = art.data;
  if (!seededArt) throw new Error('no art post (seeds)');
  await visitor.scan(`/${locale}/art`, () => visitor.page.getByTestId('art-grid').waitFor());
  await visitor.scan(`/${locale}/art/${seededArt.group.slug}`, () =>
    visitor.page.getByTestId('art-grid').waitFor(),
  );
  await visitor.scan(`/${locale}/art/post/${seededArt.slug}`, () =>
    visitor.page.getByTestId('art-comment-guest').waitFor(),
  );
  // The forum's hits: the thread's subject and posts, with marked words (the index may lag).
  await visitor.scan(`/${locale}/search?q=axe&in=forum`, () =>
    visitor.page
      .locator('[data-testid="search-hit"], [data-testid="search-no-results"]')
      .first()
      .waitFor(),
  );

  // A guest: the chat, and the "my" pages with the tabs a guest lacks. Each person signs in
  // once, through the API (the sign-in forms have journeys of their own).
  const guest = await ScanTab.open(session, found);
  await signInThroughApi(guest.page, locale, '/api/auth/guest/register', {
    nick: uniqueNick('Guest'),
  });
  await openChat(guest.page, locale);
  await guest.scan('');
  for (const tab of ['chat', 'profile']) await guest.scan(`/${locale}/my/${tab}`);

  // The admin: the chat with a room entered, and every page behind a sign-in.
  const admin = await ScanTab.open(session, found);
  await signInThroughApi(admin.page, locale, '/api/auth/login', {
    nick_or_phone: 'admin',
    password: ADMIN_PASSWORD,
  });
  await openChat(admin.page, locale);
  await enterRoom(admin.page, ROOM);
  await messageWith(admin.page, `${locale} https://example.com`).waitFor();
  await admin.scan('');
  await shot(admin.page, `axe-${locale}-chat`);
  for (const path of ['', '/im', '/complaints', '/premium', '/profile/admin'])
    await admin.scan(`/${locale}${path}`);
  for (const tab of MY_TABS) await admin.scan(`/${locale}/my/${tab}`);
  // The forum as a moderator: the reply box with its preview, and a new thread's form.
  await admin.scan(`/${locale}/forum/thread/${forum.thread}`, async () => {
    await admin.page.getByTestId('forum-reply-text').fill('**axe** -smile-');
    await admin.page.getByTestId('forum-reply-preview').locator('.forum-html').waitFor();
  });
  await admin.scan(`/${locale}/forum/create/${forum.category}`, () =>
    admin.page.getByTestId('forum-create-text').waitFor(),
  );
  await admin.scan(`/${locale}/art/create/${seededArt.group.slug}`, () =>
    admin.page.getByTestId('art-editor-text').waitFor(),
  );
  for (const tab of PROFILE_TABS) await admin.scan(`/${locale}/profiles/${tab}`);
  for (const tab of MODERATION_TABS) await admin.scan(`/${locale}/moderation/${tab}`);
  for (const tab of BALANCE_PAGE_TABS) await admin.scan(`/${locale}/balance/${tab}`);
  // The admin area: its dashboard (a chart), every section, and the gifts' statistics.
  await admin.scan(`/${locale}/admin`);
  for (const section of Object.keys(ADMIN_SECTIONS))
    await admin.scan(`/${locale}/admin/${section}`);
  await admin.scan(`/${locale}/admin/gifts/statistics`);
  await shot(admin.page, `axe-${locale}-admin-statistics`);
  // The chat's history as someone who may read the room (its index may lag: hits or none).
  await admin.scan(`/${locale}/search?q=axe&in=chat&sort=new`, () =>
    admin.page
      .locator('[data-testid="search-hit"], [data-testid="search-no-results"]')
      .first()
      .waitFor(),
  );

  // A banned person's page.
  const bannedPage = await ScanTab.open(session, found);
  const password = 'secret-123';
  const bannedId = await signInThroughApi(bannedPage.page, locale, '/api/auth/register', {
    nick: uniqueNick('AxeBan'),
    password,
    password_confirmation: password,
  });
  const ban = await apiJson(session.baseUrl, '/api/moderation/bans', {
    method: 'POST',
    token: await adminToken(session.baseUrl),
    body: { user_id: bannedId, type: 'ban', period: '7d', reason: 'flood', comment: 'axe' },
  });
  expect(ban.status).toBe(201);
  await bannedPage.scan(`/${locale}/banned`, () =>
    bannedPage.page.getByTestId('sanction-card-ban').waitFor(),
  );

  expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
}
