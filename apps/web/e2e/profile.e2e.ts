import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { apiJson, enterAsUser, enterRoom, type ChatPerson } from './chat-kit';

const session = useBrowser();

// "Room 4": a room of its own for this journey, where the two people meet.
const ROOM = 4;
const PHONE = { width: 375, height: 812 };

/** A signs in through the API too (another device), for the calls the journey makes as A. */
async function tokenOf(baseUrl: string, person: ChatPerson): Promise<string> {
  const response = await apiJson(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { nick_or_phone: person.nick, password: 'secret-123' },
  });
  const body = (await response.json()) as { meta?: { token?: string } };
  if (!body.meta?.token) throw new Error(`login failed: ${response.status}`);
  return body.meta.token;
}

/** The profile on screen belongs to this person (its data has loaded). */
async function profileOf(page: Page, person: ChatPerson): Promise<void> {
  await page.locator(`[data-testid="profile-page"][data-user-id="${person.id}"]`).waitFor();
}

const nickColor = (page: Page) =>
  page
    .getByTestId('profile-nick')
    .locator('.chat-nick')
    .evaluate((el) => getComputedStyle(el).color);

describe('profiles', () => {
  it('a profile opened from the chat follows edits, a live restyle, and friendship both ways', async () => {
    const pageA = await session.newPage({ agreed: true });
    const a = await enterAsUser(pageA, session.baseUrl, 'en', 'ProfA');
    await enterRoom(pageA, ROOM);
    const pageB = await session.newPage({ agreed: true });
    const b = await enterAsUser(pageB, session.baseUrl, 'ru', 'ProfB');
    await enterRoom(pageB, ROOM);

    // B opens A's profile from the chat: the card, then "Open profile".
    await pageB.getByTestId(`room-user-${a.id}`).getByRole('button').first().click();
    await pageB.getByTestId('user-profile').click();
    await pageB.getByTestId('profile-card-open').click();
    await profileOf(pageB, a);
    expect(await pageB.getByTestId('profile-nick').textContent()).toBe(a.nick);
    expect(await pageB.getByTestId('profile-gender').textContent()).toBe('не указано');

    // A fills in about and gender on their own page; markup is typed as text.
    await pageA.getByTestId('user-menu').click();
    await pageA.getByTestId('my-profile').click();
    await profileOf(pageA, a);
    await pageA.getByTestId('profile-edit').click();
    const about = '<b>Hello</b> from A <script>alert(1)</script>';
    await pageA.getByTestId('about').fill(about);
    await pageA.getByTestId('gender').selectOption('female');
    const saved = pageA.waitForResponse(
      (r) => r.url().endsWith('/api/my/profile') && r.request().method() !== 'GET',
    );
    await pageA.getByTestId('profile-save').click();
    expect((await saved).status()).toBe(200);

    // B reads the change (a reload is enough for fields): text, not markup.
    await pageB.reload();
    await profileOf(pageB, a);
    expect(await pageB.getByTestId('profile-about').textContent()).toBe(about);
    expect(await pageB.locator('.profile-about b, .profile-about script').count()).toBe(0);
    expect(await pageB.getByTestId('profile-gender').textContent()).toBe('Женский');

    // A restyles the nick from another device: B's open profile restyles live, no reload.
    const before = await nickColor(pageB);
    const token = await tokenOf(session.baseUrl, a);
    const restyled = await apiJson(session.baseUrl, '/api/my/nick', {
      method: 'PATCH',
      token,
      body: {
        // A basic palette row: the blue ones are a premium perk.
        color: '#ae1919',
        has_gradient: false,
        gradient: [],
        font_id: null,
        weight: 700,
        italic: true,
      },
    });
    expect(restyled.status).toBe(200);
    await expect.poll(() => nickColor(pageB)).toBe('rgb(174, 25, 25)');
    expect(before).not.toBe('rgb(174, 25, 25)');
    await shot(pageB, 'profile-ru');

    // B asks A to be friends from the profile.
    await pageB.getByTestId('friend-add').click();
    await pageB.getByTestId('friend-cancel').waitFor();
    expect(await pageB.getByTestId('profile-friendship').textContent()).toBe(
      'Заявка в друзья отправлена',
    );

    // A finds B by a prefix of the nick in another case, and accepts from B's profile.
    await pageA.goto('/en/profiles/search');
    await pageA.getByTestId('profiles-search').fill(b.nick.slice(0, 6).toLowerCase());
    await pageA.getByTestId('profiles-search-submit').click();
    await pageA.getByTestId(`profiles-row-${b.id}`).waitFor();
    await shot(pageA, 'profiles-search-en');
    await pageA.getByTestId(`profiles-row-${b.id}`).getByRole('link').click();
    await profileOf(pageA, b);
    expect(await pageA.getByTestId('profile-friendship').textContent()).toBe(
      'Wants to be your friend',
    );
    await pageA.getByTestId('friend-accept').click();
    await pageA.getByTestId('friend-remove').waitFor();
    expect(await pageA.getByTestId('profile-friendship').textContent()).toBe('You are friends');
    await pageA.getByTestId(`profile-friend-${a.id}`).waitFor();
    await shot(pageA, 'profile-en');

    await pageB.reload();
    await profileOf(pageB, a);
    expect(await pageB.getByTestId('profile-friendship').textContent()).toBe('Вы друзья');
    await pageB.getByTestId(`profile-friend-${b.id}`).waitFor();

    // B searches for A the same way, in Russian, on a phone.
    await pageB.setViewportSize(PHONE);
    await shot(pageB, 'profile-ru-375');
    await pageB.goto('/ru/profiles/search');
    await pageB.getByTestId('profiles-search').fill(a.nick.slice(0, 7).toUpperCase());
    await pageB.getByTestId('profiles-search-submit').click();
    await pageB.getByTestId(`profiles-row-${a.id}`).waitFor();
    await shot(pageB, 'profiles-search-ru-375');
    await pageB.getByTestId('profiles-tab-top').click();
    await pageB.getByTestId('profiles-rule').waitFor();
    await shot(pageB, 'profiles-top-ru-375');
    const overflow = await pageB.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  it('an unknown profile shows its not-found state', async () => {
    const page = await session.newPage({ agreed: true });
    await page.goto('/en/profile/nobody-by-this-slug');
    await page.getByTestId('profile-not-found').waitFor();
  });
});
