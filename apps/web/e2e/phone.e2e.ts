import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { apiJson, apiUser, enterRoom, signInToChat, type Locale } from './chat-kit';

const session = useBrowser();
const PHONE = { width: 375, height: 667 };

const LABELS = {
  en: {
    nick: 'Your nick',
    guest: 'Enter as guest',
    decline: 'Decline',
    acceptContinue: 'Accept and continue',
  },
  ru: {
    nick: 'Ваш ник',
    guest: 'Войти как гость',
    decline: 'Отклонить',
    acceptContinue: 'Принять и продолжить',
  },
} as const;

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Asserts that the cookie bar covers no part of the target wherever a person may scroll it: the
 * target brought to the bottom edge of the screen (as the browser does when focusing it from
 * below), and the page scrolled to its very end.
 */
async function notCovered(page: Page, target: Locator, what: string): Promise<void> {
  const notice = page.getByTestId('cookie-notice');
  for (const scroll of ['bottom-edge', 'page-end'] as const) {
    if (scroll === 'bottom-edge') {
      await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    } else {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    }
    const box = await target.boundingBox();
    const bar = await notice.boundingBox();
    expect(box, what).not.toBeNull();
    expect(bar, 'cookie notice').not.toBeNull();
    expect(overlaps(box!, bar!), `${what} is covered by the cookie notice (${scroll})`).toBe(false);
    // Still on the screen, not pushed out of it.
    expect(box!.y + box!.height, what).toBeLessThanOrEqual(PHONE.height + 1);
  }
}

describe('phones (375 px)', () => {
  for (const locale of ['en', 'ru'] as const satisfies readonly Locale[]) {
    it(`the cookie notice covers nothing (${locale})`, async () => {
      const labels = LABELS[locale];
      const page = await session.newPage({ agreed: false, viewport: PHONE });
      await page.goto(`/${locale}/chat`);
      const notice = page.getByTestId('cookie-notice');
      await notice.waitFor();
      // A compact bar, not half the screen.
      expect((await notice.boundingBox())!.height).toBeLessThan(PHONE.height / 3);
      const nick = page.getByLabel(labels.nick);
      const guest = page.getByRole('button', { name: labels.guest });
      await notCovered(page, nick, 'the nick field');
      await notCovered(page, guest, 'the guest button');
      await shot(page, `phone-cookie-guest-form-${locale}`);

      await nick.fill(`Phone${Date.now() % 1_000_000}`);
      await guest.click();
      const composer = page.getByTestId('composer');
      await composer.waitFor();
      await notCovered(page, composer, 'the composer');
      await notCovered(page, page.getByTestId('send'), 'the send button');
      await shot(page, `phone-cookie-chat-${locale}`);

      // Declined: the Access Restricted page, whose "Accept and continue" stays uncovered.
      await notice.getByRole('button', { name: labels.decline }).click();
      await page.getByTestId('access-restricted').waitFor();
      const accept = page.getByRole('button', { name: labels.acceptContinue });
      if ((await notice.count()) > 0) await notCovered(page, accept, 'Accept and continue');
      await shot(page, `phone-cookie-restricted-${locale}`);
      await accept.click();
      await composer.waitFor();
      expect(await notice.count()).toBe(0);
    });
  }

  for (const locale of ['en', 'ru'] as const satisfies readonly Locale[]) {
    it(`the room strip keeps the current room in view and names long rooms in full (${locale})`, async () => {
      const person = await apiUser(session.baseUrl, 'Strip');
      // A long name (within the 64 characters a room name may have).
      const salt = `${Date.now() % 1_000_000}`;
      const names = {
        en: `A very long room name that a phone tab cannot show ${salt}`,
        ru: `Очень длинное название комнаты для телефона ${salt}`,
      };
      const created = await apiJson(session.baseUrl, '/api/room', {
        method: 'POST',
        token: person.token,
        body: { name_en: names.en, name_ru: names.ru, public: true },
      });
      if (created.status !== 201) throw new Error(`room: ${created.status}`);
      const longRoom = ((await created.json()) as { data: { id: number } }).data.id;
      // The creator entered it; the browser enters four more, so the strip overflows.
      const page = await session.newPage({ viewport: PHONE });
      await signInToChat(page, locale, person.nick);
      for (const room of [2, 3, 4, 5]) await enterRoom(page, room);
      const strip = page.getByTestId('room-tabs-scroll');
      await strip.waitFor();
      // It does overflow, and says so.
      expect(
        await strip.evaluate((el) => el.scrollWidth > el.clientWidth),
        'the strip overflows',
      ).toBe(true);

      const inView = async (roomId: number) => {
        const tab = await page.getByTestId(`room-tab-${roomId}`).boundingBox();
        const frame = await strip.boundingBox();
        return (
          tab !== null &&
          frame !== null &&
          tab.x >= frame.x - 1 &&
          tab.x + tab.width <= frame.x + frame.width + 1
        );
      };
      // The room just entered (the last tab) is current and in view, without touching the strip.
      await expect.poll(() => inView(5)).toBe(true);
      await expect.poll(() => strip.getAttribute('data-more-before')).toBe('true');
      await shot(page, `phone-strip-end-${locale}`);

      // The long room, chosen from the strip: in view, its full name in the title and the name.
      const longTab = page.getByTestId(`room-select-${longRoom}`);
      await longTab.click();
      await expect.poll(() => longTab.getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => inView(longRoom)).toBe(true);
      expect(await longTab.getAttribute('title')).toBe(names[locale]);
      await page.getByRole('tab', { name: names[locale] }).waitFor();
      // The header's title, cut as well on a phone, names it whole too.
      expect(await page.getByTestId('room-title').getAttribute('title')).toBe(names[locale]);
      // The name is cut on screen (that is why the title and the label hold it).
      expect(
        await longTab
          .locator('.chat-room-tab-name')
          .evaluate((el) => el.scrollWidth > el.clientWidth),
      ).toBe(true);
      await expect.poll(() => strip.getAttribute('data-more-after')).toBe('true');
      await shot(page, `phone-strip-long-${locale}`);

      // With the strip scrolled back to its start, a room entered from the "+" menu: in view.
      await strip.evaluate((el) => el.scrollTo({ left: 0 }));
      await expect.poll(() => inView(5)).toBe(false);
      await enterRoom(page, 6);
      await expect.poll(() => inView(6)).toBe(true);
    });
  }
});
