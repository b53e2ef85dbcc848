import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import {
  apiEnterRoom,
  apiSend,
  apiUser,
  enterAsGuestByForm,
  enterAsUser,
  enterRoom,
  messageWith,
  send,
} from './chat-kit';

const session = useBrowser();

// "Игры" / "Games": the messages here come from the test's own API user.
const ROOM = 6;

const LABELS = {
  en: { skip: 'Skip to the message box', laugh: 'Laughing', smileys: 'Smileys' },
  ru: { skip: 'Перейти к полю сообщения', laugh: 'Смех', smileys: 'Смайлики' },
} as const;

/** What has the focus: its test id, or the test id of the nearest ancestor that has one. */
function focused(page: Page): Promise<{ testId: string | null; within: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return {
      testId: el?.getAttribute('data-testid') ?? null,
      within: el?.parentElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
    };
  });
}

/** The focused element's accessible-ish name: its aria-label or text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });
}

/** The message (test id `message-<id>`) the focus is in, or null. */
function focusedMessage(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let el = document.activeElement; el !== null; el = el.parentElement) {
      const testId = el.getAttribute('data-testid') ?? '';
      if (/^message-\d+$/.test(testId)) return testId;
    }
    return null;
  });
}

/**
 * Puts the sequential focus starting point at the very top of the document, as a fresh page
 * load has it: the next Tab goes to the first tab stop of the page.
 */
async function fromTopOfPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.id = '__focus-start';
    document.body.prepend(start);
    start.focus();
  });
}

/** Presses Tab until the predicate holds for the focused element; answers how many Tabs. */
async function tabsUntil(page: Page, done: () => Promise<boolean>, max: number): Promise<number> {
  for (let n = 1; n <= max; n += 1) {
    await page.keyboard.press('Tab');
    if (await done()) return n;
  }
  return Number.POSITIVE_INFINITY;
}

/** How many Tab stops the message list has: Tab from the first one until the focus leaves. */
async function listTabStops(page: Page): Promise<number> {
  await fromTopOfPage(page);
  const inList = () =>
    page.evaluate(
      () =>
        document.activeElement?.closest('[data-testid="message-list"]') !== null &&
        document.activeElement !== document.body,
    );
  const reached = await tabsUntil(page, inList, 200);
  expect(reached).toBeLessThan(200);
  let stops = 1;
  while (stops < 500) {
    await page.keyboard.press('Tab');
    if (!(await inList())) break;
    stops += 1;
  }
  return stops;
}

describe('keyboard and screen readers in the chat', () => {
  for (const locale of ['en', 'ru'] as const) {
    it(`reaches the message box in a few Tabs, roves the messages with arrows, keys the pickers (${locale})`, async () => {
      const labels = LABELS[locale];
      const other = await apiUser(session.baseUrl, 'Kbd');
      await apiEnterRoom(session.baseUrl, other.token, ROOM);
      for (const n of [1, 2, 3])
        await apiSend(session.baseUrl, other.token, ROOM, `kbd ${n} ${locale}`);

      const page = await session.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await enterAsUser(page, session.baseUrl, locale, 'Keys', { byForm: true });
      await enterRoom(page, ROOM);
      await messageWith(page, `kbd 3 ${locale}`).waitFor();
      // Entering a room puts the focus in its message box.
      await expect.poll(async () => (await focused(page)).testId).toBe('composer');

      // From the top of the page: the first Tab shows the skip link, Enter lands in the box.
      await fromTopOfPage(page);
      const skip = page.getByRole('link', { name: labels.skip });
      const tabs = await tabsUntil(
        page,
        () => skip.evaluate((el) => el === document.activeElement),
        10,
      );
      expect(tabs).toBeLessThanOrEqual(10);
      expect(await skip.isVisible()).toBe(true);
      await shot(page, `keyboard-${locale}-skip-link`);
      await page.keyboard.press('Enter');
      expect((await focused(page)).testId).toBe('composer');

      // The bell and the account menu show where the keyboard is.
      for (const testId of ['bell', 'user-menu']) {
        await fromTopOfPage(page);
        const reached = await tabsUntil(
          page,
          async () => (await focused(page)).testId === testId,
          40,
        );
        expect(reached).toBeLessThan(40);
        const ring = await page.evaluate(() => {
          const style = getComputedStyle(document.activeElement as Element);
          return {
            outline: style.outlineStyle,
            width: style.outlineWidth,
            shadow: style.boxShadow,
          };
        });
        expect(ring.outline !== 'none' && ring.width !== '0px', JSON.stringify(ring)).toBe(true);
      }
      await shot(page, `keyboard-${locale}-focus-ring`);

      // The whole list is one Tab stop, however many messages it has.
      expect(await listTabStops(page)).toBe(1);
      for (const n of [4, 5, 6])
        await apiSend(session.baseUrl, other.token, ROOM, `kbd ${n} ${locale}`);
      await messageWith(page, `kbd 6 ${locale}`)
        .waitFor()
        .catch((error: unknown) => {
          throw new Error(`${String(error)}\npage errors: ${errors.join('\n')}`);
        });
      expect(await listTabStops(page)).toBe(1);

      // Into the list from the box (Shift+Tab): the newest message; arrows move from there.
      await page.getByTestId('composer').focus();
      for (let n = 0; n < 8 && (await focusedMessage(page)) === null; n += 1) {
        await page.keyboard.press('Shift+Tab');
      }
      const newest = await focusedMessage(page);
      expect(newest).not.toBeNull();
      const newestId = await messageWith(page, `kbd 6 ${locale}`).getAttribute('data-testid');
      expect(newest).toBe(newestId);
      await page.keyboard.press('ArrowUp');
      const olderId = await messageWith(page, `kbd 5 ${locale}`).getAttribute('data-testid');
      expect(await focusedMessage(page)).toBe(olderId);
      const firstAction = await focusedName(page);
      await page.keyboard.press('ArrowRight');
      expect(await focusedMessage(page)).toBe(olderId);
      expect(await focusedName(page)).not.toBe(firstAction);
      await page.keyboard.press('Home');
      expect(await focusedMessage(page)).toBe(olderId);
      await page.keyboard.press('End');
      const lastAction = await focusedName(page);
      expect(lastAction).not.toBe('');
      await page.keyboard.press('ArrowDown');
      expect(await focusedMessage(page)).toBe(newestId);
      // The focused message shows its actions, and the focus shows.
      await shot(page, `keyboard-${locale}-roving`);

      // The reaction picker takes the focus, arrows move, Escape gives it back to its button.
      const olderNumber = olderId?.replace('message-', '') ?? '';
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Home');
      const reactButton = page.getByTestId(`message-react-${olderNumber}`);
      await reactButton.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => (await focused(page)).testId ?? '')
        .toMatch(new RegExp(`^pick-reaction-${olderNumber}-`));
      const firstReaction = (await focused(page)).testId;
      await page.keyboard.press('ArrowRight');
      expect((await focused(page)).testId).not.toBe(firstReaction);
      await shot(page, `keyboard-${locale}-reaction-picker`);
      await page.keyboard.press('Escape');
      await expect
        .poll(async () => (await focused(page)).testId)
        .toBe(`message-react-${olderNumber}`);
      await page.locator(`#reactions-${olderNumber}`).waitFor({ state: 'detached' });

      // The smiley picker: focus on a smiley named in the interface's language, arrows, Enter
      // puts it in, Escape returns to the button.
      await page.getByTestId('smiley-button').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('smiley-picker').waitFor();
      await expect.poll(async () => (await focused(page)).testId ?? '').toMatch(/^smiley-/);
      // The first group's tab: the picker opens on "recent" only once something was picked.
      await page.getByTestId('smiley-laugh').focus();
      expect(await focusedName(page)).toBe(labels.laugh);
      await page.keyboard.press('ArrowRight');
      expect((await focused(page)).testId).toBe('smiley-wink');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowDown');
      const below = (await focused(page)).testId;
      expect(below).toMatch(/^smiley-/);
      expect(below).not.toBe('smiley-laugh');
      await page.keyboard.press('ArrowUp');
      expect((await focused(page)).testId).toBe('smiley-laugh');
      await shot(page, `keyboard-${locale}-smiley-picker`);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('composer').inputValue()).toContain('-laugh-');
      await page.keyboard.press('Escape');
      await page.getByTestId('smiley-picker').waitFor({ state: 'detached' });
      expect((await focused(page)).testId).toBe('smiley-button');

      // The GIF picker: the search box has the focus, ArrowDown goes into the grid, Escape
      // closes and returns.
      await page.getByTestId('gif-button').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('gif-picker').waitFor();
      await expect.poll(async () => (await focused(page)).testId).toBe('gif-search');
      await page.keyboard.press('Escape');
      await page.getByTestId('gif-picker').waitFor({ state: 'detached' });
      expect((await focused(page)).testId).toBe('gif-button');

      // Sending still works from the box, and the list stays one stop.
      await send(page, `typed ${locale}`);
      await messageWith(page, `typed ${locale}`).waitFor();
      expect(await listTabStops(page)).toBe(1);
    }, 120_000);
  }

  it('does not pop a phone keyboard unasked, and the skip link works there (ru, 375 px)', async () => {
    const page = await session.newPage({ viewport: { width: 375, height: 740 }, touch: true });
    await enterAsGuestByForm(page, 'ru');
    await enterRoom(page, ROOM);
    expect(await page.evaluate(() => window.matchMedia('(pointer: coarse)').matches)).toBe(true);
    expect((await focused(page)).testId).not.toBe('composer');

    await fromTopOfPage(page);
    const skip = page.getByRole('link', { name: LABELS.ru.skip });
    const tabs = await tabsUntil(
      page,
      () => skip.evaluate((el) => el === document.activeElement),
      10,
    );
    expect(tabs).toBeLessThanOrEqual(10);
    await shot(page, 'keyboard-ru-375-skip-link');
    await page.keyboard.press('Enter');
    expect((await focused(page)).testId).toBe('composer');
  });

  it('offers "Skip to content" on pages without a message box (en)', async () => {
    const page = await session.newPage();
    await page.goto('/en/page/privacy');
    await page.locator('main h1, main h2').first().waitFor();
    await fromTopOfPage(page);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
  });
});
