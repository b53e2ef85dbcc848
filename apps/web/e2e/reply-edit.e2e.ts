import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import {
  apiEnterRoom,
  apiJson,
  apiSend,
  apiUser,
  enterAsUser,
  enterRoom,
  messageId,
  messageWith,
  reloadChat,
  send,
  signInToChat,
} from './chat-kit';
import { ADMIN_PASSWORD } from './global-setup';

const session = useBrowser();

/** A public room of the journey's own, made through the API before anyone opens the chat. */
async function ownRoom(baseUrl: string): Promise<number> {
  const owner = await apiUser(baseUrl, 'Owner');
  const name = `Replies ${owner.id}`;
  const response = await apiJson(baseUrl, '/api/room', {
    method: 'POST',
    token: owner.token,
    body: { name_ru: `Ответы ${owner.id}`, name_en: name, public: true },
  });
  if (response.status !== 201) throw new Error(`room: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Opens the message's toolbar (it shows on hover) and clicks one of its buttons. */
async function act(page: Page, id: number, testId: string): Promise<void> {
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`${testId}-${id}`).click();
}

/** The same from the message's "more" menu. */
async function fromMenu(page: Page, id: number, testId: string): Promise<void> {
  await page.getByTestId(`message-${id}`).hover();
  await page.getByTestId(`message-more-${id}`).click();
  await page.getByTestId(`${testId}-${id}`).click();
}

/** A reply through the API, as another client would send it; answers its id. */
async function apiPost(
  baseUrl: string,
  token: string,
  room: number,
  text: string,
  replyTo: number,
): Promise<number> {
  const response = await apiJson(baseUrl, `/api/room/${room}/message`, {
    method: 'POST',
    token,
    body: { text, client_id: crypto.randomUUID().replaceAll('-', ''), reply_to: replyTo },
  });
  if (response.status !== 201)
    throw new Error(`reply: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Edits a message through the API, as its author. */
async function apiEdit(baseUrl: string, token: string, id: number, text: string): Promise<void> {
  const response = await apiJson(baseUrl, `/api/chat/message/${id}`, {
    method: 'PATCH',
    token,
    body: { text },
  });
  if (response.status !== 200) throw new Error(`edit: ${response.status} ${await response.text()}`);
}

const quoteIn = (page: Page, id: number) =>
  page.getByTestId(`message-${id}`).getByTestId('reply-quote');

describe('reply to a message, edit my own (issue 20, point 4)', () => {
  // Three journeys, each with a room and people of its own. As one journey they took most of a
  // test's minute on a loaded CI (a quarter of that alone), and ran out of it there.
  it('quotes with Reply and edits live, from the menu and with ArrowUp, in English and Russian', async () => {
    const room = await ownRoom(session.baseUrl);
    const annaPage = await session.newPage();
    const anna = await enterAsUser(annaPage, session.baseUrl, 'en', 'Anna');
    await enterRoom(annaPage, room);
    const borisPage = await session.newPage({ viewport: { width: 375, height: 740 } });
    const boris = await enterAsUser(borisPage, session.baseUrl, 'ru', 'Boris');
    await enterRoom(borisPage, room);
    expect(anna.id).not.toBe(boris.id);

    // Boris asks; Anna answers with a quote of his question, from the message's Reply button.
    const question = 'Кто идёт в кино сегодня вечером?';
    await send(borisPage, question);
    const questionId = await messageId(messageWith(annaPage, question));
    await act(annaPage, questionId, 'message-reply');
    const bar = annaPage.getByTestId('reply-bar');
    await bar.waitFor();
    expect(await bar.textContent()).toContain(boris.nick);
    expect(await bar.textContent()).toContain(question);
    // Escape lets it go; Reply again and send.
    await annaPage.getByTestId('composer').press('Escape');
    await bar.waitFor({ state: 'detached' });
    await act(annaPage, questionId, 'message-reply');
    await annaPage.getByTestId('composer').fill('I do! Which film?');
    await annaPage.getByTestId('composer').press('Enter');
    await bar.waitFor({ state: 'detached' });
    const answerOnBoris = messageWith(borisPage, 'I do! Which film?');
    await answerOnBoris.waitFor();
    const answerId = await messageId(answerOnBoris);
    // Both see the quote: the author and the first words of the question, live.
    for (const page of [annaPage, borisPage]) {
      const quote = quoteIn(page, answerId);
      await quote.waitFor();
      expect(await quote.textContent()).toContain(boris.nick);
      expect(await quote.textContent()).toContain(question);
    }
    await shot(annaPage, 'reply-edit-quote-en');
    await shot(borisPage, 'reply-edit-quote-ru-375');

    // Anna edits her answer from its menu: the text goes into the box, Enter saves.
    await fromMenu(annaPage, answerId, 'message-edit');
    const annaBox = annaPage.getByTestId('composer');
    await expect.poll(() => annaBox.inputValue()).toBe('I do! Which film?');
    expect(await bar.textContent()).toContain('Editing the message');
    await annaBox.fill('I do! Which film is on?');
    await annaBox.press('Enter');
    await bar.waitFor({ state: 'detached' });
    await expect.poll(() => annaBox.inputValue()).toBe('');
    // Boris sees the new text and "изменено" live, with the time in its title.
    await messageWith(borisPage, 'Which film is on?').waitFor();
    const editedMark = borisPage.getByTestId(`message-edited-${answerId}`);
    await editedMark.waitFor();
    expect(await editedMark.textContent()).toBe('изменено');
    expect(await editedMark.getAttribute('title')).toMatch(/^Изменено /);
    expect(await annaPage.getByTestId(`message-edited-${answerId}`).textContent()).toBe('edited');

    // ArrowUp in an empty box edits my last message; Escape gives up and the draft stays empty.
    await annaBox.press('ArrowUp');
    await expect.poll(() => annaBox.inputValue()).toBe('I do! Which film is on?');
    await annaBox.press('Escape');
    await expect.poll(() => annaBox.inputValue()).toBe('');
    // Boris edits his question: Anna's quote of it follows, live.
    await borisPage.getByTestId('composer').press('ArrowUp');
    const borisBox = borisPage.getByTestId('composer');
    await expect.poll(() => borisBox.inputValue()).toBe(question);
    await borisBox.fill('Кто идёт в кино завтра?');
    await borisBox.press('Enter');
    await expect
      .poll(() => quoteIn(annaPage, answerId).textContent())
      .toContain('Кто идёт в кино завтра?');
    // Someone else's message offers no edit.
    await annaPage.getByTestId(`message-${questionId}`).hover();
    await annaPage.getByTestId(`message-more-${questionId}`).click();
    expect(await annaPage.getByTestId(`message-edit-${questionId}`).count()).toBe(0);
    await annaPage.keyboard.press('Escape');
  });

  it('shows a moderator what an edited message said before, and nobody else', async () => {
    const room = await ownRoom(session.baseUrl);
    // Anna answers and edits her answer (through the API here: the journey above does it on
    // the page), then opens the chat.
    const anna = await apiUser(session.baseUrl, 'Anna');
    await apiEnterRoom(session.baseUrl, anna.token, room);
    const answerId = await apiSend(session.baseUrl, anna.token, room, 'I do! Which film?');
    await apiEdit(session.baseUrl, anna.token, answerId, 'I do! Which film is on?');
    const annaPage = await session.newPage();
    await signInToChat(annaPage, 'en', anna.nick);
    await enterRoom(annaPage, room);
    await messageWith(annaPage, 'Which film is on?').waitFor();

    // A moderator (here the admin, in Russian) reads what the answer said before its edit.
    const staffPage = await session.newPage();
    await signInToChat(staffPage, 'ru', 'admin', ADMIN_PASSWORD);
    await staffPage.goto(`/ru/chat/${room}`);
    await messageWith(staffPage, 'Which film is on?').waitFor();
    await fromMenu(staffPage, answerId, 'message-edits');
    const history = staffPage.getByTestId('edit-history-modal');
    await history.getByTestId('edit-history-earlier').first().waitFor();
    expect(await history.getByTestId('edit-history-earlier').allTextContents()).toEqual([
      expect.stringContaining('I do! Which film?') as unknown as string,
    ]);
    expect(await history.getByTestId('edit-history-current').textContent()).toContain(
      'I do! Which film is on?',
    );
    await shot(staffPage, 'reply-edit-history-ru');
    await staffPage.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    // Anna, no moderator, is offered no history.
    await annaPage.getByTestId(`message-${answerId}`).hover();
    await annaPage.getByTestId(`message-more-${answerId}`).click();
    expect(await annaPage.getByTestId(`message-edits-${answerId}`).count()).toBe(0);
    await annaPage.keyboard.press('Escape');
  });

  it('jumps to a quoted message far up, and takes a message deleted for everyone out of every quote', async () => {
    const room = await ownRoom(session.baseUrl);
    // Boris asks, Anna answers him with a quote (the first journey does both on the page).
    const boris = await apiUser(session.baseUrl, 'Boris');
    const anna = await apiUser(session.baseUrl, 'Anna');
    const question = 'Кто идёт в кино сегодня вечером?';
    await apiEnterRoom(session.baseUrl, boris.token, room);
    await apiEnterRoom(session.baseUrl, anna.token, room);
    const questionId = await apiSend(session.baseUrl, boris.token, room, question);
    await apiPost(session.baseUrl, anna.token, room, 'I do! Which film?', questionId);

    // The question goes far up: 63 messages from others, then a third person answers it too.
    const talkers = await Promise.all(
      Array.from({ length: 7 }, (_, i) => apiUser(session.baseUrl, `Talk${i}`)),
    );
    for (const talker of talkers) await apiEnterRoom(session.baseUrl, talker.token, room);
    for (let round = 0; round < 9; round++)
      await Promise.all(
        talkers.map((talker, i) =>
          apiSend(session.baseUrl, talker.token, room, `filler ${round}-${i}`),
        ),
      );
    const late = talkers[0]!;
    const lateId = await apiPost(session.baseUrl, late.token, room, 'me too, late', questionId);

    // Anna opens the chat: the late reply quotes the question's words.
    const annaPage = await session.newPage();
    await signInToChat(annaPage, 'en', anna.nick);
    await enterRoom(annaPage, room);
    const lateOnAnna = quoteIn(annaPage, lateId);
    await lateOnAnna.waitFor();
    expect(await lateOnAnna.textContent()).toContain(question);

    // Boris opens it and holds only the last 60: a click on the quote loads older history
    // until the question is there, scrolls to it and highlights it.
    const borisPage = await session.newPage({ viewport: { width: 375, height: 740 } });
    await signInToChat(borisPage, 'ru', boris.nick);
    await enterRoom(borisPage, room);
    await quoteIn(borisPage, lateId).waitFor();
    expect(await borisPage.getByTestId(`message-${questionId}`).count()).toBe(0);
    await quoteIn(borisPage, lateId).click();
    const original = borisPage.getByTestId(`message-${questionId}`);
    await original.waitFor();
    await expect.poll(() => original.getAttribute('class')).toContain('is-highlighted');
    expect(await original.isVisible()).toBe(true);
    const box = await original.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThan(0);
    expect(box!.y).toBeLessThan(740);
    await shot(borisPage, 'reply-edit-jump-ru-375');

    // Boris deletes the question for everyone: its words leave every quote, live and after a
    // reload; the replies say "message unavailable".
    await fromMenu(borisPage, questionId, 'message-delete-all');
    await borisPage.getByTestId('delete-everyone-confirm').click();
    await original.waitFor({ state: 'detached' });
    await expect.poll(() => lateOnAnna.textContent()).toBe('Message unavailable');
    expect(await annaPage.getByTestId('message-list').textContent()).not.toContain(
      'Кто идёт в кино',
    );
    await expect.poll(() => quoteIn(borisPage, lateId).textContent()).toBe('Сообщение недоступно');
    await reloadChat(annaPage, [room]);
    await expect.poll(() => quoteIn(annaPage, lateId).textContent()).toBe('Message unavailable');
    expect(await annaPage.getByTestId('message-list').textContent()).not.toContain(
      'Кто идёт в кино',
    );
    await shot(annaPage, 'reply-edit-unavailable-en');
  });
});
