import type { Locator, Page, WebSocketRoute } from 'playwright-core';
import { expect } from 'vitest';
import { registerUser, uniqueNick } from './api';
import { ADMIN_PASSWORD } from './global-setup';

/** What the chat journeys need of the two languages' labels. */
const LABELS = {
  en: {
    guestNick: 'Your nick',
    guestSubmit: 'Enter as guest',
    signInTitle: 'Sign in',
    nickOrPhone: 'Nick or phone',
    password: 'Password',
    signInSubmit: 'Sign in',
  },
  ru: {
    guestNick: 'Ваш ник',
    guestSubmit: 'Войти как гость',
    signInTitle: 'Вход',
    nickOrPhone: 'Ник или телефон',
    password: 'Пароль',
    signInSubmit: 'Войти',
  },
} as const;

export type Locale = keyof typeof LABELS;

export interface ChatPerson {
  id: number;
  nick: string;
}

interface AuthAnswer {
  data: { user: { id: number; slug: string; nick: { nick: string } } };
  meta?: { token?: string };
}

/** How many times the server confirmed each channel's subscription, per page. */
const confirmations = new WeakMap<Page, Map<string, number>>();

function confirmationsOf(page: Page): Map<string, number> {
  let counts = confirmations.get(page);
  if (counts === undefined) {
    const fresh = new Map<string, number>();
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string' || !payload.includes('subscription_succeeded')) return;
        let frame: { event?: string; channel?: string };
        try {
          frame = JSON.parse(payload) as typeof frame;
        } catch {
          return;
        }
        if (frame.event !== 'pusher_internal:subscription_succeeded' || !frame.channel) return;
        fresh.set(frame.channel, (fresh.get(frame.channel) ?? 0) + 1);
      });
    });
    confirmations.set(page, fresh);
    counts = fresh;
  }
  return counts;
}

/** The presence channel of a room, as the server names it. */
export const roomChannel = (roomId: number) => `presence-room.${roomId}`;

/**
 * Runs an action that (re)subscribes these channels and waits until the server has confirmed
 * each of them. Only from then on does the page hear the channel's events live: something said in
 * a room between the page's snapshot of it and this confirmation never reaches the page (see the
 * report on the missing resync after a subscription).
 */
export async function subscribing(
  page: Page,
  channels: readonly string[],
  action: () => Promise<unknown>,
): Promise<void> {
  const counts = confirmationsOf(page);
  const before = channels.map((channel) => counts.get(channel) ?? 0);
  await action();
  for (const [index, channel] of channels.entries()) {
    await expect
      .poll(() => counts.get(channel) ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(before[index] ?? 0);
  }
}

/** Reloads the chat and waits until its rooms (and the user's own channel) are live again. */
export async function reloadChat(page: Page, roomIds: readonly number[]): Promise<void> {
  await subscribing(page, ['private-chat', ...roomIds.map(roomChannel)], () => page.reload());
}

/**
 * Opens a session through the API as the site's own forms do, from this page's browser context:
 * the session and XSRF cookies the server sets land in the context, so the next page it loads is
 * signed in. Sends the headers the site's API client sends. Answers the person's id.
 */
export async function signInThroughApi(
  page: Page,
  locale: Locale,
  path: '/api/auth/login' | '/api/auth/guest/register' | '/api/auth/register',
  body: Record<string, string>,
): Promise<number> {
  const response = await page.request.post(path, {
    data: body,
    headers: {
      accept: 'application/json',
      'x-localization': locale,
      'x-platform': 'pc',
      'x-requested-with': 'XMLHttpRequest',
    },
  });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as AuthAnswer).data.user.id;
}

/** Loads /{locale}/chat and waits until it is live: the person's own channel is confirmed. */
export async function openChat(page: Page, locale: Locale): Promise<void> {
  // Signed in, the page joins the user's own channel: trolls, settings and the like come there.
  await subscribing(page, ['private-chat'], async () => {
    await page.goto(`/${locale}/chat`);
    await waitForChat(page);
  });
}

/*
 * Getting a person into the chat. The plain helpers sign in through the API and then load the
 * chat (a second or more quicker than the forms under load); the `…ByForm` ones go through the
 * chat's own dialogs, for journeys about signing in, the welcome toast, the agreement or focus.
 * The forms themselves have journeys of their own (sign-in, register, guest, logout...).
 */

/** Enters /{locale}/chat as a new guest, signed in through the API. */
export async function enterAsGuest(page: Page, locale: Locale): Promise<ChatPerson> {
  const nick = uniqueNick('Guest');
  const id = await signInThroughApi(page, locale, '/api/auth/guest/register', { nick });
  await openChat(page, locale);
  return { id, nick };
}

/** Enters /{locale}/chat as a guest from the chat's own form; the id comes from the answer. */
export async function enterAsGuestByForm(page: Page, locale: Locale): Promise<ChatPerson> {
  const labels = LABELS[locale];
  const nick = uniqueNick('Guest');
  let body: AuthAnswer | undefined;
  await subscribing(page, ['private-chat'], async () => {
    await page.goto(`/${locale}/chat`);
    await page.getByLabel(labels.guestNick).fill(nick);
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/guest/register') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: labels.guestSubmit }).click();
    body = (await (await answer).json()) as AuthAnswer;
    await waitForChat(page);
  });
  if (!body) throw new Error('no guest answer');
  return { id: body.data.user.id, nick };
}

/**
 * Registers a user through the API, then signs in (a second session, as a new device) and
 * opens the chat: through the API, or with `byForm` from the chat's invitation in the browser.
 */
export async function enterAsUser(
  page: Page,
  baseUrl: string,
  locale: Locale,
  prefix = 'Reg',
  { byForm = false }: { byForm?: boolean } = {},
): Promise<ChatPerson> {
  const nick = uniqueNick(prefix);
  const password = 'secret-123';
  const data = await registerUser(baseUrl, { nick, password });
  await (byForm ? signInToChatByForm : signInToChat)(page, locale, nick, password);
  return { id: data.user.id, nick };
}

/** Signs an existing account (e.g. one made by apiUser) in through the API and opens the chat. */
export async function signInToChat(
  page: Page,
  locale: Locale,
  nick: string,
  password = 'secret-123',
): Promise<void> {
  await signInThroughApi(page, locale, '/api/auth/login', { nick_or_phone: nick, password });
  await openChat(page, locale);
}

/** Signs an existing account in from the chat's invitation, and closes the welcome toast. */
export async function signInToChatByForm(
  page: Page,
  locale: Locale,
  nick: string,
  password = 'secret-123',
): Promise<void> {
  const labels = LABELS[locale];
  await subscribing(page, ['private-chat'], async () => {
    await page.goto(`/${locale}/chat`);
    await page.getByTestId('chat-sign-in').click();
    const dialog = page.getByRole('dialog', { name: labels.signInTitle });
    await dialog.getByLabel(labels.nickOrPhone).fill(nick);
    await dialog.getByLabel(labels.password).fill(password);
    await dialog.getByRole('button', { name: labels.signInSubmit, exact: true }).click();
    await waitForChat(page);
  });
  await closeWelcome(page, nick);
}

/**
 * Closes the "Welcome, nick!" toast as a user would. For its 5 seconds it covers the chat
 * header's settings button (see the report), and a click there would wait for it to go.
 */
async function closeWelcome(page: Page, nick: string): Promise<void> {
  const toast = page.getByTestId('toast-primary').filter({ hasText: nick });
  await toast.waitFor();
  // It may hide itself first; then the click has nothing to do.
  void toast
    .locator('.btn-close')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await toast.waitFor({ state: 'detached' });
}

/** The chat screen has loaded: either some room is open or the "not in a room" cards show. */
export async function waitForChat(page: Page): Promise<void> {
  await page.locator('[data-testid="composer"], [data-testid="no-room"]').first().waitFor();
}

/**
 * Enters a room: from the big cards when in no room, else from the "+" menu; selects it when
 * already in. Waits until it is the current room, with its message box, and hears it live.
 */
export async function enterRoom(page: Page, roomId: number): Promise<void> {
  const tab = page.getByTestId(`room-select-${roomId}`);
  if (await tab.isVisible()) {
    await tab.click();
  } else {
    await subscribing(page, [roomChannel(roomId)], async () => {
      if (await page.getByTestId('no-room').isVisible()) {
        await page.getByTestId(`enter-room-card-${roomId}`).click();
      } else {
        await page.getByTestId('add-room').click();
        await page.getByTestId(`enter-room-${roomId}`).click();
      }
      await tab.waitFor();
    });
  }
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  await page.getByTestId('composer').waitFor();
}

export async function send(page: Page, text: string): Promise<void> {
  const composer = page.getByTestId('composer');
  await composer.fill(text);
  await composer.press('Enter');
}

/** A delivered message (not a pending one) whose text contains `text`. */
export function messageWith(page: Page, text: string): Locator {
  return page.getByTestId(/^message-\d+$/).filter({ hasText: text });
}

/** A message still in the outbox (queued, sending or failed) whose text contains `text`. */
export function pendingWith(page: Page, text: string): Locator {
  return page.getByTestId(/^pending-/).filter({ hasText: text });
}

/** The server's id of a delivered message, read from its test id. */
export async function messageId(message: Locator): Promise<number> {
  const testId = await message.getAttribute('data-testid');
  const id = Number(testId?.replace('message-', ''));
  if (!Number.isInteger(id)) throw new Error(`not a message: ${String(testId)}`);
  return id;
}

/** The delivered messages' texts in page order, each as its text node shows it. */
export function messageTexts(page: Page): Promise<string[]> {
  return page
    .getByTestId(/^message-\d+$/)
    .locator('.chat-message-text')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
}

/**
 * From now on, records the most copies of each text the page ever shows at once, delivered or
 * still pending (both are `.chat-message`), so that even a passing double is caught. Answers a
 * function that reads the record.
 */
export async function watchCopies(
  page: Page,
  texts: readonly string[],
): Promise<() => Promise<Record<string, number>>> {
  const key = `__copies${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, texts }) => {
      const most: Record<string, number> = Object.fromEntries(texts.map((t) => [t, 0]));
      const count = () => {
        const shown = [...document.querySelectorAll('.chat-message .chat-message-text')].map(
          (node) => node.textContent ?? '',
        );
        for (const text of texts) {
          const copies = shown.filter((line) => line.includes(text)).length;
          most[text] = Math.max(most[text] ?? 0, copies);
        }
      };
      count();
      new MutationObserver(count).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      (window as unknown as Record<string, unknown>)[key] = most;
    },
    { key, texts: [...texts] },
  );
  return () =>
    page.evaluate(
      (key) => ({ ...((window as unknown as Record<string, Record<string, number>>)[key] ?? {}) }),
      key,
    );
}

/**
 * Opens the chat settings drawer, flips one switch, waits for the server to store it (the app
 * sends PATCH; the contract also takes POST with `_method`).
 */
export async function toggleSetting(page: Page, name: string, value: boolean): Promise<void> {
  const toggle = page.getByTestId(`setting-${name}`);
  if (!(await toggle.isVisible())) await page.getByTestId('open-settings').click();
  await toggle.waitFor();
  if ((await toggle.isChecked()) === value) return;
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/user/settings') && r.request().method() !== 'GET' && r.ok(),
  );
  await toggle.click();
  await saved;
  await expect.poll(() => toggle.isChecked()).toBe(value);
}

export async function closeSettings(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('.chat-settings').waitFor({ state: 'detached' });
}

export async function apiJson(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // Only with a body: the server answers an empty JSON body with 422.
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Signs the seeded admin in through the API, as another client would; answers the token. */
export async function adminToken(baseUrl: string): Promise<string> {
  const response = await apiJson(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { nick_or_phone: 'admin', password: ADMIN_PASSWORD },
  });
  if (response.status !== 200)
    throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as AuthAnswer;
  if (!body.meta?.token) throw new Error('admin login answered no token');
  return body.meta.token;
}

export async function setTroll(
  baseUrl: string,
  token: string,
  userId: number,
  troll: boolean,
): Promise<void> {
  const response = await apiJson(baseUrl, `/api/moderation/trolls/${userId}`, {
    method: troll ? 'POST' : 'DELETE',
    token,
  });
  if (response.status !== 204)
    throw new Error(`troll mark failed: ${response.status} ${await response.text()}`);
}

/**
 * A registered user who talks through the API only (no browser), with a bearer token and a
 * profile slug; `fields` adds to the sign-up form (a gender, say).
 */
export async function apiUser(
  baseUrl: string,
  prefix: string,
  fields: Record<string, string> = {},
): Promise<ChatPerson & { slug: string; token: string }> {
  const nick = uniqueNick(prefix);
  const response = await apiJson(baseUrl, '/api/auth/register', {
    method: 'POST',
    body: { ...fields, nick, password: 'secret-123', password_confirmation: 'secret-123' },
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as AuthAnswer;
  if (!body.meta?.token) throw new Error('register answered no token');
  return { id: body.data.user.id, nick, slug: body.data.user.slug, token: body.meta.token };
}

/**
 * Tops a person up through the test provider without a browser: an invoice, then the provider
 * page's own "Pay" form, which notifies the webhook before it redirects.
 */
export async function apiTopUp(
  baseUrl: string,
  person: { token: string },
  amount: number,
): Promise<void> {
  const created = await apiJson(baseUrl, '/api/invoices', {
    method: 'POST',
    token: person.token,
    body: { amount, provider: 'test' },
  });
  if (created.status !== 201) throw new Error(`invoice: ${created.status} ${await created.text()}`);
  const invoice = (await created.json()) as { data: { pay_url: string } };
  const paid = await fetch(new URL(invoice.data.pay_url, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`pay: ${paid.status} ${await paid.text()}`);
}

export async function apiEnterRoom(baseUrl: string, token: string, roomId: number): Promise<void> {
  const response = await apiJson(baseUrl, `/api/room/${roomId}/enter`, { method: 'POST', token });
  if (!response.ok) throw new Error(`enter failed: ${response.status} ${await response.text()}`);
}

export async function apiSend(
  baseUrl: string,
  token: string,
  roomId: number,
  text: string,
): Promise<number> {
  const clientId = crypto.randomUUID().replaceAll('-', '');
  const response = await apiJson(baseUrl, `/api/room/${roomId}/message`, {
    method: 'POST',
    token,
    body: { text, client_id: clientId },
  });
  if (response.status !== 201)
    throw new Error(`send failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { data: { id: number } };
  return body.data.id;
}

export interface NetworkSwitch {
  /** Drops the realtime socket, refuses new ones and takes the network away (fetch fails too). */
  cut(): Promise<void>;
  /** Gives the network back and lets the socket connect again. */
  restore(): Promise<void>;
}

/**
 * Puts the page's realtime socket under the test's control; call before the page opens the chat.
 * The browser's offline mode alone fails fetch but leaves an open WebSocket up (its frames only
 * wait), so the socket is routed too: passed through to the server while the network is on,
 * closed by "the network" on cut(), and refused while it stays off.
 */
export async function networkSwitch(page: Page): Promise<NetworkSwitch> {
  let off = false;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/app\//, (ws) => {
    if (off) {
      void ws.close({ code: 1001, reason: 'network down' });
      return;
    }
    ws.connectToServer();
    open.add(ws);
  });
  return {
    cut: async () => {
      off = true;
      await page.context().setOffline(true);
      await Promise.all([...open].map((ws) => ws.close({ code: 1001, reason: 'network down' })));
      open.clear();
    },
    restore: async () => {
      off = false;
      await page.context().setOffline(false);
    },
  };
}
