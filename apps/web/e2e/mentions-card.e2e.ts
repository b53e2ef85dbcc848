import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser } from './api';
import { shot, useBrowser } from './browser';
import { adminToken, apiJson, apiUser, enterRoom, messageWith, signInToChat } from './chat-kit';

const session = useBrowser();

/** A room of this journey's own, so that its @ list holds only the people of this test. */
async function ownRoom(token: string): Promise<number> {
  const salt = `${Date.now() % 1_000_000}`;
  const response = await apiJson(session.baseUrl, '/api/room', {
    method: 'POST',
    token,
    body: { name_ru: `Упоминания ${salt}`, name_en: `Mentions ${salt}`, public: true },
  });
  if (response.status !== 201) throw new Error(`room: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function apiModerator(admin: string) {
  const person = await apiUser(session.baseUrl, 'Mod');
  const response = await apiJson(session.baseUrl, `/api/admin/users/${person.id}/role`, {
    method: 'POST',
    token: admin,
    body: { role: 'moderator' },
  });
  if (response.status !== 200) throw new Error(`role: ${response.status} ${await response.text()}`);
  return person;
}

/** Waits until no animation runs in the page (a card's fade), so that a screenshot shows it. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="nick-card"]')].every(
      (card) => !card.classList.contains('fade') || card.classList.contains('show'),
    ),
  );
}

/** The option the box's aria-activedescendant points at, read as a screen reader would. */
async function activeOption(page: Page, composer: Locator): Promise<string> {
  const id = await composer.getAttribute('aria-activedescendant');
  if (!id) return '';
  const option = page.locator(`[id="${id}"]`);
  expect(await option.getAttribute('role')).toBe('option');
  expect(await option.getAttribute('aria-selected')).toBe('true');
  return (await option.locator('.chat-mention-nick').textContent()) ?? '';
}

describe('mentions and the nick card', () => {
  it('picks a nick with a space from the @ list by keyboard; the other sees the mention; the nick card acts', async () => {
    const admin = await adminToken(session.baseUrl);
    const room = await ownRoom(admin);
    const mod = await apiModerator(admin);
    // A nick with a space: the list must put it in as the server's mention rule reads it.
    const digits = `${Date.now() % 100_000}${Math.floor(Math.random() * 100)}`;
    const annNick = `Ann Marie ${digits}`;
    const ann = await registerUser(session.baseUrl, { nick: annNick, password: 'secret-123' });
    const other = await registerUser(session.baseUrl, {
      nick: `Annabel${digits}`,
      password: 'secret-123',
    });

    const modPage = await session.newPage();
    await signInToChat(modPage, 'en', mod.nick);
    await enterRoom(modPage, room);
    const otherPage = await session.newPage();
    await signInToChat(otherPage, 'en', other.user.nick.nick);
    await enterRoom(otherPage, room);
    // Ann is on a 375-px phone, in Russian.
    const annPage = await session.newPage({ viewport: { width: 375, height: 740 } });
    await signInToChat(annPage, 'ru', annNick);
    await enterRoom(annPage, room);
    await modPage.getByTestId(`room-user-${ann.user.id}`).waitFor();
    await modPage.getByTestId(`room-user-${other.user.id}`).waitFor();

    // "@" opens the room's people; typing narrows them; arrows move; Enter picks.
    const composer = modPage.getByTestId('composer');
    await composer.click();
    await composer.pressSequentially('Hi @');
    const list = modPage.getByRole('listbox', { name: 'People in the room' });
    await list.waitFor();
    expect(await composer.getAttribute('aria-autocomplete')).toBe('list');
    expect(await composer.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    // The moderator is not offered to themself.
    expect(await list.getByRole('option', { name: mod.nick }).count()).toBe(0);
    await composer.pressSequentially('ann');
    await expect.poll(() => list.getByRole('option').count()).toBe(2);
    const first = await activeOption(modPage, composer);
    await composer.press('ArrowDown');
    const second = await activeOption(modPage, composer);
    expect(second).not.toBe(first);
    expect([first, second].sort()).toEqual([annNick, other.user.nick.nick].sort());
    await composer.press('ArrowDown');
    expect(await activeOption(modPage, composer)).toBe(first);
    await composer.press('ArrowUp');
    expect(await activeOption(modPage, composer)).toBe(second);
    // Typing on narrows to Ann alone (the space belongs to her nick).
    await composer.pressSequentially(' m');
    await expect.poll(() => list.getByRole('option').count()).toBe(1);
    expect(await activeOption(modPage, composer)).toBe(annNick);
    await shot(modPage, 'mentions-list-en');
    await composer.press('Enter');
    await list.waitFor({ state: 'detached' });
    await expect.poll(() => composer.inputValue()).toBe(`Hi @${annNick} `);
    await composer.pressSequentially('welcome!');
    await composer.press('Enter');

    // Ann sees the message marked as one that mentions her; Annabel does not.
    const onAnnSide = messageWith(annPage, 'welcome!');
    await onAnnSide.waitFor();
    expect(await onAnnSide.getAttribute('class')).toContain('is-mention');
    expect(await onAnnSide.getByText('Вас упомянули').count()).toBe(1);
    const onOtherSide = messageWith(otherPage, 'welcome!');
    await onOtherSide.waitFor();
    expect(await onOtherSide.getAttribute('class')).not.toContain('is-mention');

    // Escape closes the list and leaves the text as typed.
    await composer.pressSequentially('@');
    await list.waitFor();
    await composer.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await composer.inputValue()).toBe('@');
    await composer.fill('');

    // On Ann's phone: "@", then a tap on the option.
    const annComposer = annPage.getByTestId('composer');
    await annComposer.click();
    await annComposer.pressSequentially('@mo');
    const annList = annPage.getByRole('listbox', { name: 'Люди в комнате' });
    await annList.waitFor();
    const listBox = await annList.boundingBox();
    expect(listBox).not.toBeNull();
    expect(listBox!.x).toBeGreaterThanOrEqual(0);
    expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(375);
    await shot(annPage, 'mentions-list-phone-ru');
    await annList.getByRole('option', { name: mod.nick }).click();
    await expect.poll(() => annComposer.inputValue()).toBe(`@${mod.nick} `);
    await annComposer.pressSequentially('спасибо');
    await annComposer.press('Enter');
    const thanks = messageWith(modPage, 'спасибо');
    await thanks.waitFor();
    expect(await thanks.getAttribute('class')).toContain('is-mention');

    // Ann taps the moderator's nick in his message: a card with what she may do, no sanctions.
    await onAnnSide.getByTestId('message-nick').click();
    const annCard = annPage.getByTestId('nick-card');
    await annCard.waitFor();
    await annCard.getByRole('link', { name: 'Открыть профиль' }).waitFor();
    await annCard.getByRole('button', { name: 'Написать личное сообщение' }).waitFor();
    await annCard.getByRole('button', { name: 'Игнорировать' }).waitFor();
    expect(await annCard.getByTestId('nick-card-sanction').count()).toBe(0);
    await settled(annPage);
    await shot(annPage, 'nick-card-phone-ru');
    await annCard.getByRole('button', { name: 'Упомянуть' }).click();
    await annCard.waitFor({ state: 'detached' });
    await expect.poll(() => annComposer.inputValue()).toBe(`${mod.nick}, `);

    // The moderator clicks Ann's nick: a popover (not a modal) that offers sanctions too.
    await thanks.getByTestId('message-nick').click();
    const modCard = modPage.getByTestId('nick-card');
    await modCard.waitFor();
    expect(await modPage.locator('.modal.show').count()).toBe(0);
    await modCard.getByRole('link', { name: 'Open profile' }).waitFor();
    await modCard.getByRole('button', { name: 'Write a private message' }).waitFor();
    await modCard.getByRole('button', { name: 'Mention' }).waitFor();
    // Above the nick, whole on the screen.
    const cardBox = await modCard.boundingBox();
    expect(cardBox!.y).toBeGreaterThanOrEqual(0);
    expect(cardBox!.y + cardBox!.height).toBeLessThanOrEqual(800);
    await settled(modPage);
    await shot(modPage, 'nick-card-en');
    await modCard.getByTestId('nick-card-sanction').click();
    const dialog = modPage.getByTestId('sanction-dialog');
    await dialog.waitFor();
    await modPage.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The card closed for the dialog; a click on the nick while it still fades would close it.
    await modCard.waitFor({ state: 'detached' });

    // Ignore from the card: the card says so the next time it opens.
    await thanks.getByTestId('message-nick').click();
    await modCard.waitFor();
    await modCard.getByRole('button', { name: 'Ignore' }).click();
    await modPage.getByTestId(`room-user-${ann.user.id}`).getByTestId('mark-ignored').waitFor();
  });
});
