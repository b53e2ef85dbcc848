import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import {
  adminToken,
  apiEnterRoom,
  apiJson,
  apiSend,
  apiUser,
  enterAsGuest,
  enterRoom,
  messageId,
  messageWith,
  roomChannel,
  send,
  signInToChat,
  subscribing,
} from './chat-kit';

const session = useBrowser();

/**
 * Every demo room is some other journey's: these make rooms of their own (a gag or a report
 * there disturbs nobody else's messages).
 */
async function ownRoom(token: string, name: string): Promise<number> {
  const response = await apiJson(session.baseUrl, '/api/room', {
    method: 'POST',
    token,
    body: { name_ru: `Модерация ${name}`, name_en: `Moderation ${name}`, public: true },
  });
  if (response.status !== 201) throw new Error(`room: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function setRole(admin: string, userId: number, role: 'moderator' | 'user'): Promise<void> {
  const response = await apiJson(session.baseUrl, `/api/admin/users/${userId}/role`, {
    method: 'POST',
    token: admin,
    body: { role },
  });
  if (response.status !== 200) throw new Error(`role: ${response.status} ${await response.text()}`);
}

/** A moderator made by the admin through the API, who sees guests in the chat. */
async function apiModerator(admin: string, prefix: string) {
  const person = await apiUser(session.baseUrl, prefix);
  await setRole(admin, person.id, 'moderator');
  const settings = await apiJson(session.baseUrl, '/api/user/settings', {
    method: 'PATCH',
    token: person.token,
    body: { show_guests: true },
  });
  if (!settings.ok) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
  return person;
}

/** Waits until a dialog's fade-in has finished, so that a screenshot shows it as a person would. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const modal = document.querySelector('.modal.show');
    return (
      modal !== null &&
      modal.getAnimations({ subtree: true }).every((a) => a.playState !== 'running')
    );
  });
}

const complaintIdOf = (page: Page) => Number(/\/complaints\/(\d+)/.exec(page.url())?.[1]);

describe('moderation', () => {
  it('a moderator gags a guest in two clicks; the guest appeals; another moderator accepts', async () => {
    const admin = await adminToken(session.baseUrl);
    const room = await ownRoom(admin, 'gag');
    const m1 = await apiModerator(admin, 'ModOne');
    const m2 = await apiModerator(admin, 'ModTwo');

    const m1Page = await session.newPage();
    await signInToChat(m1Page, 'en', m1.nick);
    await enterRoom(m1Page, room);

    const guestPage = await session.newPage();
    const guest = await enterAsGuest(guestPage, 'ru');
    await enterRoom(guestPage, room);
    const first = `привет всем ${guest.nick}`;
    await send(guestPage, first);
    await messageWith(m1Page, first).waitFor();

    // Two clicks: the shield on the guest's row, then a reason (the suggested period preselected).
    await m1Page.getByTestId(`room-user-${guest.id}`).getByTestId('user-sanction').click();
    const dialog = m1Page.getByTestId('sanction-dialog');
    await dialog.getByTestId('sanction-reason-flood').waitFor();
    expect(await dialog.getByTestId('sanction-period').inputValue()).toBe('5m');
    expect(
      await dialog.getByTestId('sanction-period').locator('option:checked').textContent(),
    ).toBe('5 minutes (suggested)');
    await settled(m1Page);
    await shot(m1Page, 'moderation-sanction-dialog-en');
    const given = m1Page.waitForResponse(
      (r) => r.url().endsWith('/api/moderation/bans') && r.request().method() === 'POST',
    );
    await dialog.getByTestId('sanction-reason-flood').click();
    // A reason asks to confirm what would be given before anything is.
    await dialog.getByTestId('sanction-confirm-step').waitFor();
    await shot(m1Page, 'moderation-sanction-confirm-en');
    await dialog.getByTestId('sanction-confirm').click();
    expect((await given).status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });

    // The guest hears it live: the banner with the reason in words and the time left, no composer.
    const banner = guestPage.getByTestId('gag-banner');
    await banner.waitFor();
    await expect
      .poll(() => banner.textContent())
      .toMatch(/Вам запрещено писать до .+\. Причина: Флуд\./);
    await expect.poll(() => banner.textContent()).toMatch(/осталось \d+:\d\d:\d\d/);
    expect(await guestPage.getByTestId('composer').isDisabled()).toBe(true);
    expect(await guestPage.getByTestId('composer').getAttribute('placeholder')).toBe(
      'Вам запрещено писать (Флуд)',
    );
    await shot(guestPage, 'moderation-gag-banner-ru');

    // The banner's link: the details, and the appeal from there.
    await guestPage.getByTestId('gag-banner-link').click();
    await guestPage.waitForURL('**/ru/banned');
    const card = guestPage.getByTestId('sanction-card-gag');
    await card.waitFor();
    expect(await card.getByTestId('sanction-reason').textContent()).toBe('Флуд');
    expect(await card.getByTestId('sanction-moderator').textContent()).toBe(m1.nick);
    await shot(guestPage, 'moderation-banned-gag-ru');
    await card.getByTestId('appeal-open').click();
    await card.getByTestId('appeal-reason-mistake').check();
    const appealText = 'Я ничего не флудил, это одно сообщение';
    await card.getByTestId('appeal-text').fill(appealText);
    await card.getByTestId('appeal-send').click();
    await card.getByTestId('appeal-link').click();
    await guestPage.waitForURL(/\/ru\/complaints\/\d+$/);
    const appealId = complaintIdOf(guestPage);
    await guestPage.getByTestId('complaint-page').waitFor();
    expect(await guestPage.getByTestId('complaint-text').textContent()).toBe(appealText);
    await shot(guestPage, 'moderation-appeal-filed-ru');

    // Back in the chat, still gagged, the banner now leads to the appeal.
    await subscribing(guestPage, ['private-chat', roomChannel(room)], () =>
      guestPage.goto('/ru/chat'),
    );
    await enterRoom(guestPage, room);
    await expect
      .poll(() => guestPage.getByTestId('gag-banner-link').textContent())
      .toBe('Ваша апелляция');

    // The moderator who gave the gag may not answer its appeal.
    const m1Appeal = await m1Page.context().newPage();
    await m1Appeal.goto(`/en/complaints/${appealId}`);
    await m1Appeal.getByTestId('complaint-page').waitFor();
    await m1Appeal.getByTestId('complaint-ban').waitFor();
    expect(await m1Appeal.getByTestId('complaint-accept').count()).toBe(0);
    expect(await m1Appeal.getByTestId('complaint-take').count()).toBe(0);
    await m1Appeal.close();
    // Nor may they through the API (403), whatever a page would offer.
    const byM1 = await apiJson(session.baseUrl, `/api/complaints/${appealId}/resolve`, {
      method: 'POST',
      token: m1.token,
      body: { status: 'refused' },
    });
    expect(byM1.status).toBe(403);

    // The second moderator: the open complaints, take the appeal, accept it with a comment.
    const m2Page = await session.newPage();
    await signInToChat(m2Page, 'en', m2.nick);
    await m2Page.goto('/en/moderation/complaints');
    await m2Page.getByTestId(`complaint-row-${appealId}`).waitFor();
    await shot(m2Page, 'moderation-complaints-tab-en');
    await m2Page.getByTestId(`complaint-take-${appealId}`).click();
    await m2Page.waitForURL(`**/en/complaints/${appealId}`);
    const resolution = m2Page.getByTestId('complaint-resolution');
    await resolution.waitFor();
    await resolution.scrollIntoViewIfNeeded();
    await shot(m2Page, 'moderation-appeal-taken-en');
    const answer = 'Одно сообщение — не флуд, кляп снят.';
    await resolution.fill(answer);
    await m2Page.getByTestId('complaint-accept').click();
    await expect
      .poll(() => m2Page.getByTestId('complaint-status').first().textContent())
      .toBe('Accepted');

    // The guest's chat: the banner goes and the composer comes back, live.
    await guestPage.getByTestId('gag-banner').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => guestPage.getByTestId('composer').isEnabled()).toBe(true);
    const again = `спасибо ${guest.nick}`;
    await send(guestPage, again);
    await messageWith(m1Page, again).waitFor();
    await shot(guestPage, 'moderation-ungagged-ru');

    // The appeal page tells the guest the answer.
    await guestPage.goto(`/ru/complaints/${appealId}`);
    await guestPage.getByTestId('complaint-resolution-text').waitFor();
    expect(await guestPage.getByTestId('complaint-resolution-text').textContent()).toBe(answer);
    expect(await guestPage.getByTestId('complaint-status').first().textContent()).toBe('Принята');
    const appealed = guestPage.getByTestId('ban-details');
    await expect.poll(() => appealed.textContent()).toContain('после апелляции');
    await appealed.scrollIntoViewIfNeeded();
    await shot(guestPage, 'moderation-appeal-accepted-ru');
  });

  it('a report about a message goes to a moderator, whose answer the reporter sees', async () => {
    const admin = await adminToken(session.baseUrl);
    const room = await ownRoom(admin, 'report');
    const mod = await apiModerator(admin, 'ModRep');
    const v = await apiUser(session.baseUrl, 'Rude');
    await apiEnterRoom(session.baseUrl, v.token, room);
    const u = await apiUser(session.baseUrl, 'Hurt');

    const uPage = await session.newPage();
    await signInToChat(uPage, 'ru', u.nick);
    await enterRoom(uPage, room);
    const rude = `ты дурак ${v.nick}`;
    await apiSend(session.baseUrl, v.token, room, rude);
    const message = messageWith(uPage, rude);
    await message.waitFor();
    const id = await messageId(message);

    // The message's menu: Report → a reason → send.
    await message.hover();
    await uPage.getByTestId(`message-more-${id}`).click();
    await uPage.getByTestId(`report-message-${id}`).click();
    const dialog = uPage.getByTestId('complaint-dialog');
    await dialog.getByTestId('complaint-reason-insult').click();
    await dialog.getByTestId('complaint-text').fill('Оскорбляет без причины');
    await settled(uPage);
    await shot(uPage, 'moderation-report-dialog-ru');
    const filed = uPage.waitForResponse(
      (r) => r.url().endsWith('/api/complaints') && r.request().method() === 'POST',
    );
    await dialog.getByTestId('complaint-submit').click();
    const filedAnswer = await filed;
    expect(filedAnswer.status()).toBe(201);
    const complaintId = ((await filedAnswer.json()) as { data: { id: number } }).data.id;
    await dialog.waitFor({ state: 'detached' });

    // The moderator: the complaints tab, take, accept with a comment.
    const modPage = await session.newPage();
    await signInToChat(modPage, 'en', mod.nick);
    await modPage.goto('/en/moderation/complaints');
    await modPage.getByTestId(`complaint-take-${complaintId}`).click();
    await modPage.waitForURL(`**/en/complaints/${complaintId}`);
    await modPage.getByTestId('evidence-text').waitFor();
    expect(await modPage.getByTestId('evidence-text').textContent()).toContain(rude);
    const answer = 'Спасибо, пользователь предупреждён.';
    await modPage.getByTestId('complaint-resolution').fill(answer);
    await shot(modPage, 'moderation-complaint-resolving-en');
    await modPage.getByTestId('complaint-accept').click();
    await expect
      .poll(() => modPage.getByTestId('complaint-status').first().textContent())
      .toBe('Accepted');

    // The reporter: the bell, then the complaint page with the status and the answer.
    await expect
      .poll(
        () =>
          uPage
            .getByTestId('bell-count')
            .textContent({ timeout: 1000 })
            .catch(() => null),
        { timeout: 15_000 },
      )
      .not.toBe(null);
    await uPage.getByTestId('bell').click();
    const note = uPage
      .getByTestId('bell-menu')
      .locator('[data-testid="notification"][data-type="complaint"]')
      .first();
    await expect.poll(() => note.textContent()).toContain('На вашу жалобу ответили: принята');
    await shot(uPage, 'moderation-complaint-bell-ru');
    await uPage.keyboard.press('Escape');
    await uPage.goto(`/ru/complaints/${complaintId}`);
    await uPage.getByTestId('complaint-resolution-text').waitFor();
    expect(await uPage.getByTestId('complaint-resolution-text').textContent()).toBe(answer);
    expect(await uPage.getByTestId('complaint-status').first().textContent()).toBe('Принята');
    await shot(uPage, 'moderation-complaint-answered-ru');
    await uPage.goto('/ru/complaints');
    await uPage.getByTestId(`complaint-row-${complaintId}`).waitFor();
    await shot(uPage, 'moderation-complaints-list-ru');
  });

  it('shows a ban, the banlist, the queue and the log in both languages', async () => {
    const admin = await adminToken(session.baseUrl);
    const mod = await apiModerator(admin, 'ModLook');
    const banned = await apiUser(session.baseUrl, 'Banned');
    const writer = await apiUser(session.baseUrl, 'Writer');

    const bannedPage = await session.newPage();
    await signInToChat(bannedPage, 'en', banned.nick);
    const ban = await apiJson(session.baseUrl, '/api/moderation/bans', {
      method: 'POST',
      token: mod.token,
      body: {
        user_id: banned.id,
        type: 'ban',
        period: '7d',
        reason: 'taboo',
        taboo: 'drugs',
        comment: 'Drug talk is not allowed here.',
      },
    });
    expect(ban.status).toBe(201);
    for (const locale of ['ru', 'en'] as const) {
      await bannedPage.goto(`/${locale}/banned`);
      await bannedPage.getByTestId('sanction-card-ban').getByTestId('sanction-ends').waitFor();
      await shot(bannedPage, `moderation-banned-${locale}`);
    }
    expect(
      await bannedPage
        .getByTestId('sanction-card-ban')
        .getByTestId('sanction-reason')
        .textContent(),
    ).toBe('Taboo topics: Drugs');

    // Something for the queue: a profile text.
    const about = await apiJson(session.baseUrl, '/api/my/profile', {
      method: 'PATCH',
      token: writer.token,
      body: { about: 'I like long walks and short messages.' },
    });
    expect(about.ok).toBe(true);

    const modPage = await session.newPage();
    await signInToChat(modPage, 'en', mod.nick);
    for (const locale of ['en', 'ru'] as const) {
      await modPage.goto(`/${locale}/moderation/bans`);
      await modPage.getByTestId('moderation-bans').locator('tbody tr').first().waitFor();
      await shot(modPage, `moderation-bans-${locale}`);
      await modPage.goto(`/${locale}/moderation/queue`);
      await modPage.getByTestId('moderation-queue').getByTestId('queue-text').first().waitFor();
      await shot(modPage, `moderation-queue-${locale}`);
      await modPage.goto(`/${locale}/moderation/log`);
      await modPage.getByTestId('moderation-log').locator('tbody tr').first().waitFor();
      await shot(modPage, `moderation-log-${locale}`);
    }
  });
});
