import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser, uniqueNick } from './api';
import { shot, useBrowser } from './browser';
import { builtChunkOf } from './built-chunks';
import { apiEnterRoom, apiUser, enterAsGuest, enterAsUser, signInToChat } from './chat-kit';
import { ADMIN_PASSWORD } from './global-setup';

const session = useBrowser();

// "Общий" / "General": where a newcomer and the journeys' API users meet.
const MAIN_ROOM = 1;
const PHONE = { width: 375, height: 740 };

const WORDS = {
  en: {
    nickOrPhone: 'Nick or phone',
    password: 'Password',
    signIn: 'Sign in',
    wrongPair: 'Wrong nick, phone or password.',
    write: 'Write a private message',
    guestOnly: 'This action is only available for registered users.',
    empty: 'Your balance is empty: top it up to send coins.',
    people: 'People',
  },
  ru: {
    nickOrPhone: 'Ник или телефон',
    password: 'Пароль',
    signIn: 'Войти',
    wrongPair: 'Неверный ник, телефон или пароль.',
    write: 'Написать личное сообщение',
    guestOnly: 'Это действие доступно только зарегистрированным пользователям.',
    empty: 'На балансе нет монет: пополните его, чтобы дарить.',
    people: 'Люди',
  },
} as const;

/** Counts the page's own loads (the first one and every reload). */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

describe.each([
  { locale: 'en' as const, viewport: { width: 1280, height: 800 }, size: 'desktop' },
  { locale: 'ru' as const, viewport: PHONE, size: 'phone' },
])('forms that help ($locale, $size)', ({ locale, viewport, size }) => {
  const words = WORDS[locale];

  it('says a wrong password on the form, not on the nick', async () => {
    const nick = uniqueNick('Pass');
    await registerUser(session.baseUrl, { nick, password: 'secret-123' });
    const page = await session.newPage({ viewport });
    await page.goto(`/${locale}/login`);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel(words.nickOrPhone).fill(nick);
    await form.getByLabel(words.password).fill('wrong-password');
    await form.getByRole('button', { name: words.signIn, exact: true }).click();
    const alert = form.getByTestId('form-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(words.wrongPair);
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await form.getByLabel(words.nickOrPhone).getAttribute('class')).not.toContain(
      'is-invalid',
    );
    expect(await form.getByTestId('error-nick_or_phone').count()).toBe(0);
    await shot(page, `forms-wrong-password-${locale}-${size}`);
  });

  it('knows the balance before sending coins', async () => {
    const page = await session.newPage({ viewport });
    await enterAsUser(page, session.baseUrl, locale, 'Giver');
    const friend = await registerUser(session.baseUrl, {
      nick: uniqueNick('Gets'),
      password: 'secret-123',
    });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/coins/send')) posts.push(r.method());
    });
    await page.goto(`/${locale}/profile/${friend.user.slug}`);
    await page.getByTestId('profile-send-coins').click();
    const dialog = page.getByTestId('send-coins-dialog');
    // A newcomer has nothing on the balance (the daily bonus is not for giving): said at once.
    expect(await dialog.getByTestId('send-coins-empty').textContent()).toContain(words.empty);
    expect(await dialog.getByTestId('send-coins-amount').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('send-coins-submit').isDisabled()).toBe(true);
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    // Bootstrap's fade is a transition, not an animation.
    await shot(page, `forms-send-coins-${locale}-${size}`, 400);
    expect(posts).toEqual([]);
  });

  it('opens the first tab of People for /profiles, not the missing page', async () => {
    const page = await session.newPage({ viewport });
    const answer = await page.goto(`/${locale}/profiles`);
    expect(answer?.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === `/${locale}/profiles/online`);
    expect(await page.getByTestId('not-found').count()).toBe(0);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('reloads once for a page whose code is gone after a deployment, then says so', async () => {
    const page = await session.newPage({ viewport });
    const loads = countDocumentLoads(page);
    await page.goto(`/${locale}/`);
    await page.getByTestId('splash').waitFor({ state: 'detached' });
    // The page's code is refused while this page lives, as an old build's chunk would be after a
    // deployment; the page, reloaded, gets it.
    await page.route(`**/${builtChunkOf('src/pages/profiles/profiles-page.tsx')}`, (route) =>
      loads() < 2 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue(),
    );
    const nav = page.getByRole('navigation').first();
    const toggler = nav.locator('.navbar-toggler');
    const people = nav.getByRole('link', { name: words.people });
    // A phone's menu is folded, and it may fold again while the page settles (a tap lost, or
    // the navbar drawn anew): tap the link once it shows, unfolding the menu whenever it does
    // not say it is open (a second tap would fold it: between its opening and open classes
    // the menu shows neither).
    const tapPeople = async () => {
      if (await people.isVisible())
        return people.click({ timeout: 2_000 }).then(
          () => true,
          () => false,
        );
      if ((await toggler.isVisible()) && (await toggler.getAttribute('aria-expanded')) !== 'true')
        await toggler.click();
      return false;
    };
    await expect.poll(tapPeople, { timeout: 15_000, interval: 300 }).toBe(true);
    await expect.poll(loads, { timeout: 15_000 }).toBe(2);
    await page.locator('.profiles-container').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${locale}/profiles/online`);

    // Never to be had (a network that refuses it): one reload, then the error with a button.
    const stuck = await session.newPage({ viewport });
    const stuckLoads = countDocumentLoads(stuck);
    await stuck.route(`**/${builtChunkOf('src/pages/profiles/profiles-page.tsx')}`, (route) =>
      route.fulfill({ status: 404, body: 'gone' }),
    );
    await stuck.goto(`/${locale}/profiles/online`);
    await stuck.getByTestId('route-error').waitFor({ timeout: 15_000 });
    expect(stuckLoads()).toBe(2);
    // No loop: the page stays put with its error.
    await stuck.waitForTimeout(1000);
    expect(stuckLoads()).toBe(2);
    await shot(stuck, `forms-chunk-error-${locale}-${size}`);
  });

  it('separates the two texts of a guest’s disabled "Write a private message"', async () => {
    const other = await apiUser(session.baseUrl, 'Near');
    await apiEnterRoom(session.baseUrl, other.token, MAIN_ROOM);
    const page = await session.newPage({ viewport, touch: size === 'phone' });
    await enterAsGuest(page, locale);
    if (size === 'phone') await page.getByTestId('open-users').click();
    const row = page.getByTestId(`room-user-${other.id}`);
    await row.locator('.dropdown-toggle').first().click();
    const item = page.getByTestId('user-write-private');
    await item.waitFor();
    // Named by its label alone, described by the reason.
    expect(await item.getAttribute('aria-label')).toBe(words.write);
    const reason = item.getByTestId('user-write-private-reason');
    expect(await reason.textContent()).toBe(words.guestOnly);
    // On a line of its own, under the label, and within the screen.
    await shot(page, `forms-write-private-guest-${locale}-${size}`);
    const label = await item.getByText(words.write, { exact: true }).boundingBox();
    const under = await reason.boundingBox();
    expect(under!.y).toBeGreaterThanOrEqual(label!.y + label!.height - 1);
    expect(under!.x + under!.width).toBeLessThanOrEqual(viewport.width);
  });
});

describe('a sanction asks before it is given', () => {
  it('shows what would be given, and gives nothing until "Apply" (ru, phone)', async () => {
    const target = await apiUser(session.baseUrl, 'Rude');
    await apiEnterRoom(session.baseUrl, target.token, MAIN_ROOM);
    const page = await session.newPage({ viewport: PHONE, touch: true });
    await signInToChat(page, 'ru', 'admin', ADMIN_PASSWORD);
    // The admin's first room depends on what other journeys made: open the main room by its link.
    await page.goto(`/ru/chat/${MAIN_ROOM}`);
    await page.getByTestId('composer').waitFor();
    const given: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/moderation/bans') && r.method() === 'POST') given.push(r.url());
    });
    await page.getByTestId('open-users').click();
    await page.getByTestId(`room-user-${target.id}`).getByTestId('user-sanction').click();
    const dialog = page.getByTestId('sanction-dialog');
    await dialog.getByTestId('sanction-reason-flood').click();
    await dialog.getByTestId('sanction-confirm-step').waitFor();
    expect(await dialog.getByTestId('sanction-confirm-step').textContent()).toContain(
      `Кляп: ${target.nick}`,
    );
    expect(await dialog.getByTestId('sanction-confirm-details').textContent()).toContain(
      'причина: Флуд',
    );
    await shot(page, 'forms-sanction-confirm-ru-phone');
    expect(given).toEqual([]);
    await dialog.getByTestId('sanction-back').click();
    await dialog.getByTestId('sanction-reason-spam').click();
    await dialog.getByTestId('sanction-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    expect(given).toHaveLength(1);
  });
});
