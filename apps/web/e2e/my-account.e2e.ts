import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { enterAsUser, enterRoom, messageWith, send } from './chat-kit';

const session = useBrowser();

// The main room: every other journey keeps to a room of its own (2..7).
const ROOM = 1;
const PASSWORD = 'secret-123';

async function picture(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Opens a tab of /my from the avatar menu, as a person does. */
async function openMyTab(page: Page, tab: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(`my-menu-${tab}`).click();
  await page.waitForURL(`**/my/${tab}`);
}

async function signInAt(page: Page, nick: string): Promise<void> {
  await page.goto('/en/login');
  await page.getByLabel('Nick or phone').fill(nick);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByTestId('sign-in-form').getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu').waitFor();
}

describe('my account', () => {
  it('edits the profile, photos, avatar and nick, and signs a second device out', async () => {
    const pageA = await session.newPage();
    const anna = await enterAsUser(pageA, session.baseUrl, 'en', 'Acc');
    await enterRoom(pageA, ROOM);
    await send(pageA, 'hello from the account page');
    // B reads in Russian on a phone, in the same room.
    const pageB = await session.newPage({ viewport: { width: 375, height: 740 } });
    await enterAsUser(pageB, session.baseUrl, 'ru', 'Obs');
    await enterRoom(pageB, ROOM);
    const annaSaid = messageWith(pageB, 'hello from the account page');
    await annaSaid.waitFor();

    // Profile: "about me" with markup is kept and shown as text.
    await openMyTab(pageA, 'profile');
    await pageA.getByTestId('about').fill('I like <b>markup</b>');
    await pageA.getByTestId('gender').selectOption('female');
    await pageA.getByTestId('marital').selectOption('married');
    await pageA.getByTestId('partner-group').waitFor();
    await pageA.getByLabel('Date of birth').fill('1990-05-17');
    await pageA.getByTestId('profile-save').click();
    await pageA.getByTestId('toast-primary').filter({ hasText: 'Saved' }).first().waitFor();
    await shot(pageA, 'my-profile-en');
    await pageA.getByTestId('user-menu').click();
    await pageA.getByTestId('my-profile').click();
    await pageA.waitForURL('**/en/profile/**');
    await pageA.getByText('I like <b>markup</b>').first().waitFor();
    expect(await pageA.locator('main b, .container b').filter({ hasText: 'markup' }).count()).toBe(
      0,
    );

    // Photos: two at once, then one becomes the avatar with a square crop.
    await openMyTab(pageA, 'photos');
    const chooser = pageA.waitForEvent('filechooser');
    await pageA.getByTestId('attach-button').click();
    await (
      await chooser
    ).setFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: await picture(640, 400) },
      { name: 'two.png', mimeType: 'image/png', buffer: await picture(300, 500) },
    ]);
    await expect
      .poll(() => pageA.getByTestId('gallery-photo').count(), { timeout: 30_000 })
      .toBe(2);
    const navbarAvatar = pageA.getByTestId('user-menu').getByTestId('user-avatar');
    expect(await navbarAvatar.evaluate((el) => el.tagName)).toBe('SPAN');
    await pageA.getByTestId('gallery-photo').first().hover();
    await pageA.getByTestId('photo-avatar').first().click();
    const square = pageA.getByTestId('crop-square');
    await square.waitFor();
    const box = await square.boundingBox();
    if (!box) throw new Error('no crop square');
    await pageA.getByTestId('crop-size').fill('200');
    await pageA.mouse.move(box.x + 20, box.y + 20);
    await pageA.mouse.down();
    await pageA.mouse.move(box.x + 60, box.y + 30, { steps: 4 });
    await pageA.mouse.up();
    await shot(pageA, 'my-photos-crop-en');
    const avatarCall = pageA.waitForRequest((r) => r.url().endsWith('/api/my/avatar'));
    await pageA.getByTestId('crop-save').click();
    const crop = (JSON.parse((await avatarCall).postData() ?? '{}') as { crop: { size: number } })
      .crop;
    expect(crop.size).toBe(200);
    await expect.poll(() => navbarAvatar.evaluate((el) => el.tagName)).toBe('IMG');
    await shot(pageA, 'my-photos-en');

    // Nick: a colour and italics, seen restyled in B's chat at once (gradients are a premium
    // perk: the premium journey styles one).
    await openMyTab(pageA, 'nick');
    await pageA.getByTestId('swatch-cd1d1d').click();
    await pageA.getByTestId('nick-italic').check();
    await pageA.evaluate(() => window.scrollTo(0, 0));
    await shot(pageA, 'my-nick-en');
    await pageA.getByTestId('nick-save').click();
    await pageA.getByTestId('toast-primary').filter({ hasText: 'Saved' }).first().waitFor();
    await expect
      .poll(
        () =>
          annaSaid.evaluate((el) =>
            [...el.querySelectorAll('span, bdi')].some(
              (s) =>
                getComputedStyle(s).color === 'rgb(205, 29, 29)' &&
                getComputedStyle(s).fontStyle === 'italic',
            ),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await shot(pageB, 'my-nick-seen-by-other-ru-375');

    // Security: the same person signs in on a second device; the first signs it out.
    const pageA2 = await session.newPage();
    await signInAt(pageA2, anna.nick);
    // It stays in the chat, never having opened the security tab: it does not know its own
    // session's id when the event comes, and has to find out.
    await pageA2.goto('/en/chat');
    await pageA2.getByTestId('composer').waitFor();
    const secondId = await pageA2.evaluate(async () => {
      const answer = await fetch('/api/my/sessions', { headers: { Accept: 'application/json' } });
      const body = (await answer.json()) as { data: { id: number; current: boolean }[] };
      return String(body.data.find((d) => d.current)?.id);
    });
    await openMyTab(pageA, 'security');
    // This browser, the second one, and the API call that registered the account.
    await expect.poll(() => pageA.getByTestId('device').count()).toBe(3);
    await shot(pageA, 'my-security-en');
    const second = pageA.locator(`[data-device-id="${secondId}"]`);
    await second.getByTestId('device-sign-out').click();
    await second.waitFor({ state: 'detached' });
    // The second device's tab drops its session by itself, and says why.
    await pageA2
      .getByTestId('toast-primary')
      .filter({ hasText: 'You were signed out on this device' })
      .waitFor({ timeout: 15_000 });
    await pageA2.getByTestId('nav-sign-in').waitFor();
    expect(await pageA2.getByTestId('user-menu').count()).toBe(0);
    expect(await pageA2.evaluate(() => localStorage.getItem('apiToken'))).toBeNull();
    await shot(pageA2, 'my-security-signed-out-en');

    // The Russian interface at 375 px: the tabs become a select.
    await pageB.goto('/ru/my/nick');
    await pageB.getByTestId('my-tab-select').waitFor();
    await shot(pageB, 'my-nick-ru-375');
    await pageB.getByTestId('my-tab-select').selectOption('security');
    await pageB.getByTestId('device').first().waitFor();
    await shot(pageB, 'my-security-ru-375');
    await pageB.getByTestId('my-tab-select').selectOption('delete');
    await pageB.getByTestId('delete-understood').check();
    await shot(pageB, 'my-delete-ru-375');
  });
});
