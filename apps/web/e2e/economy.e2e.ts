import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bellCount, shot, useBrowser } from './browser';
import {
  adminToken,
  apiJson,
  apiTopUp,
  apiUser,
  enterRoom,
  messageWith,
  send,
  signInToChat,
  subscribing,
  type Locale,
} from './chat-kit';

const session = useBrowser();

/** A public room of this journey's own, made by the admin (the demo rooms are others'). */
async function ownRoom(ru: string, en: string): Promise<number> {
  const response = await apiJson(session.baseUrl, '/api/room', {
    method: 'POST',
    token: await adminToken(session.baseUrl),
    body: { name_ru: ru, name_en: en, public: true },
  });
  if (response.status !== 201) throw new Error(`room: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** The navbar's total, as it reads on screen ("500", "12.5k"); null while not shown. */
const navTotal = (page: Page) =>
  page
    .getByTestId('nav-balance-total')
    .textContent({ timeout: 1000 })
    .catch(() => null);

/**
 * A screenshot once the page's transitions have finished (a pressed button's colour fades in):
 * what a person would see a moment later. Endless animations (spinners) do not count.
 */
async function still(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await shot(page, name);
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

const PAY_PAGE = {
  en: { title: 'Test payment', pay: 'Pay' },
  ru: { title: 'Тестовая оплата', pay: 'Оплатить' },
} as const;

/**
 * The top-up as a person makes it: a preset on the top-up tab, the invoice, the test
 * provider's page, "Pay", and back on the invoices tab with this invoice paid. Answers its id.
 */
async function topUpInBrowser(
  page: Page,
  locale: Locale,
  amount: 100 | 300 | 500 | 1000,
  shots: string,
): Promise<number> {
  await page.goto(`/${locale}/balance/topup`);
  await page.getByTestId('topup').waitFor();
  await page.getByTestId(`topup-preset-${amount}`).click();
  expect(await page.getByTestId(`topup-preset-${amount}`).getAttribute('aria-pressed')).toBe(
    'true',
  );
  await still(page, `${shots}-topup`);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/invoices') && r.request().method() === 'POST',
  );
  await page.getByTestId('topup-submit').click();
  expect((await created).status()).toBe(201);

  // The provider's page (a foreign site, in the payer's language): the amount, the invoice's
  // number in its description (the browser has left the app: the number is read off the page).
  await page.waitForURL('**/pay/test/**');
  const texts = PAY_PAGE[locale];
  await page.getByRole('heading', { name: texts.title }).waitFor();
  const facts = await page.locator('dd').allTextContents();
  expect(facts[0]).toContain(String(amount));
  const invoiceId = Number(/(\d+)$/.exec(facts[1] ?? '')?.[1]);
  expect(Number.isInteger(invoiceId)).toBe(true);
  await still(page, `${shots}-provider`);
  await page.getByRole('button', { name: texts.pay, exact: true }).click();

  // Back on the invoices tab: this invoice is paid.
  await page.waitForURL(`**/${locale}/balance/invoices`);
  const row = page.getByTestId(`invoice-row-${invoiceId}`);
  await expect
    .poll(() => row.getByTestId('invoice-status').textContent(), { timeout: 15_000 })
    .toBe(locale === 'ru' ? 'оплачен' : 'paid');
  return invoiceId;
}

describe('economy', () => {
  it('tops up through the test provider; the navbar total follows live in another tab', async () => {
    const page = await session.newPage();
    const payer = await apiUser(session.baseUrl, 'Payer');
    await signInToChat(page, 'en', payer.nick);
    await expect.poll(() => navTotal(page)).toBe('0');

    // A second tab of the same person that does nothing but listen.
    const idle = await page.context().newPage();
    await subscribing(idle, [`private-user.${payer.id}`], () => idle.goto('/en'));
    await expect.poll(() => navTotal(idle)).toBe('0');

    const invoiceId = await topUpInBrowser(page, 'en', 500, 'economy-en');
    await expect.poll(() => navTotal(page)).toBe('500');
    expect(await page.getByTestId('nav-balance').getAttribute('title')).toBe(
      'Balance: 500\u00a0coins',
    );
    // BalanceUpdated reached the idle tab without a reload.
    await expect.poll(() => navTotal(idle), { timeout: 15_000 }).toBe('500');
    await still(idle, 'economy-en-navbar-live');

    const row = page.getByTestId(`invoice-row-${invoiceId}`);
    expect(await row.textContent()).toContain('500');
    expect(await page.getByTestId('balance-total').textContent()).toContain('500');
    await still(page, 'economy-en-invoices');

    // History: the top-up, credited to the balance part.
    await page.getByTestId('balance-tab-history').click();
    await page.waitForURL('**/en/balance/history');
    const entry = page.getByTestId(/^history-row-\d+$/).first();
    await entry.waitFor();
    expect(await entry.getByTestId('history-reason').textContent()).toBe('Top-up');
    expect(await entry.getByTestId('history-amount').textContent()).toBe('+500\u00a0coins');
    expect(await entry.getByTestId('history-part').textContent()).toBe('balance');
    await still(page, 'economy-en-history');
  });

  it('buys premium in Russian and styles a gradient nick that another person sees live', async () => {
    const room = await ownRoom('Премиум-гостиная', 'Premium lounge');
    const page = await session.newPage();
    // A Russian browser: the provider's page (a foreign site) follows the browser's language.
    await page.setExtraHTTPHeaders({ 'accept-language': 'ru-RU,ru;q=0.9' });
    const buyer = await apiUser(session.baseUrl, 'Prem');
    await signInToChat(page, 'ru', buyer.nick);
    await enterRoom(page, room);
    await send(page, `привет от ${buyer.nick}`);

    const observerPage = await session.newPage({ viewport: { width: 375, height: 740 } });
    const observer = await apiUser(session.baseUrl, 'Look');
    await signInToChat(observerPage, 'ru', observer.nick);
    await enterRoom(observerPage, room);
    const said = messageWith(observerPage, `привет от ${buyer.nick}`);
    await said.waitFor();
    expect(await said.locator('[data-gradient="true"]').count()).toBe(0);

    // Funds through the Russian top-up (the history and invoices tabs in Russian too).
    await topUpInBrowser(page, 'ru', 300, 'economy-ru');
    await expect.poll(() => navTotal(page)).toBe('300');
    await still(page, 'economy-ru-invoices');
    await page.getByTestId('balance-tab-history').click();
    await page
      .getByTestId(/^history-row-\d+$/)
      .first()
      .waitFor();
    expect(
      await page
        .getByTestId(/^history-row-\d+$/)
        .first()
        .getByTestId('history-amount')
        .textContent(),
    ).toBe('+300\u00a0монет');
    await still(page, 'economy-ru-history');

    // Before premium, the nick editor keeps gradients and the extended rows locked.
    await page.goto('/ru/my/nick');
    await page.getByTestId('nick-tab').waitFor();
    await page.getByTestId('nick-gradient-lock').waitFor();
    expect(await page.getByTestId('swatch-1d67cd').isDisabled()).toBe(true);
    await still(page, 'economy-ru-nick-locked');

    // The premium page: a month for 199 coins.
    await page.goto('/ru/premium');
    await page.getByTestId('premium-plans').waitFor();
    expect(await page.getByTestId('premium-status-text').textContent()).toBe('У вас нет премиума.');
    await still(page, 'economy-ru-premium');
    await page.getByTestId('premium-buy-month').click();
    const dialog = page.getByTestId('premium-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('premium-confirm-price').textContent()).toBe('199\u00a0монет');
    await settled(page);
    await still(page, 'economy-ru-premium-dialog');
    await dialog.getByTestId('premium-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('premium-status-text').textContent())
      .toMatch(/^Действует до /);
    await expect.poll(() => navTotal(page)).toBe('101');
    await still(page, 'economy-ru-premium-bought');

    // The nick editor: the locks are gone; a gradient of two, one from the extended palette.
    await page.goto('/ru/my/nick');
    await page.getByTestId('nick-tab').waitFor();
    expect(await page.getByTestId('nick-gradient-lock').count()).toBe(0);
    expect(await page.getByTestId('nick-palette-lock').count()).toBe(0);
    await page.getByTestId('nick-count').selectOption('2');
    await page.getByTestId('slot-0').click();
    await page.getByTestId('swatch-cd1d1d').click();
    await page.getByTestId('slot-1').click();
    await page.getByTestId('swatch-1d67cd').click();
    await page.getByTestId('nick-preview-light').locator('[data-gradient="true"]').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await still(page, 'economy-ru-nick-gradient');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/my/nick') && r.request().method() !== 'GET',
    );
    await page.getByTestId('nick-save').click();
    expect((await saved).status()).toBe(200);
    await page.getByTestId('toast-primary').filter({ hasText: 'Сохранено' }).first().waitFor();

    // The observer's chat restyles the buyer's nick live.
    await said.locator('[data-gradient="true"]').first().waitFor({ timeout: 15_000 });
    await still(observerPage, 'economy-ru-gradient-seen-375');
    // On the phone the navbar keeps to one row with the wallet in it.
    const logo = await observerPage.locator('.app-navbar .brand-logo').boundingBox();
    const bell = await observerPage.getByTestId('bell').boundingBox();
    expect(
      logo && bell && Math.abs(logo.y + logo.height / 2 - (bell.y + bell.height / 2)),
    ).toBeLessThan(8);
  });

  it('sends an anonymous gift; neither side sees the sender on the profile', async () => {
    const sender = await apiUser(session.baseUrl, 'Giver');
    await apiTopUp(session.baseUrl, sender, 100);
    const recipient = await apiUser(session.baseUrl, 'Taker');

    const recipientPage = await session.newPage();
    await signInToChat(recipientPage, 'ru', recipient.nick);
    await recipientPage.getByTestId('bell').waitFor();
    // Signing in was already a notification (a new device).
    const bellBefore = Number((await bellCount(recipientPage)) ?? 0);

    const page = await session.newPage();
    await signInToChat(page, 'en', sender.nick);
    await expect.poll(() => navTotal(page)).toBe('100');
    await page.goto(`/en/profile/${encodeURIComponent(recipient.slug)}`);
    await page.locator(`[data-testid="profile-page"][data-user-id="${recipient.id}"]`).waitFor();
    await page.getByTestId('gift-open').click();
    const dialog = page.getByTestId('gift-dialog');
    await dialog.getByRole('radio', { name: /Rose/ }).click();
    const words = 'For the <b>best</b> talk';
    await dialog.getByTestId('gift-text').fill(words);
    await dialog.getByTestId('gift-anonymous').check();
    expect(await dialog.getByTestId('gift-send').textContent()).toBe('Send for 5\u00a0coins');
    await settled(page);
    await still(page, 'economy-en-gift-dialog');
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/gifts/send') && r.request().method() === 'POST',
    );
    await dialog.getByTestId('gift-send').click();
    expect((await sent).status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => navTotal(page)).toBe('95');

    // The recipient's bell rises live: "someone", never the sender's nick.
    await expect
      .poll(() => bellCount(recipientPage), { timeout: 15_000 })
      .toBe(String(bellBefore + 1));
    await recipientPage.getByTestId('bell').click();
    const note = recipientPage
      .getByTestId('bell-menu')
      .locator('[data-testid="notification"][data-type="gift"]');
    await expect
      .poll(() => note.getByTestId('notification-open').textContent())
      .toBe('Вам подарок от анонима: Роза');
    expect(await note.textContent()).not.toContain(sender.nick);
    await still(recipientPage, 'economy-ru-gift-notification');
    await recipientPage.keyboard.press('Escape');

    // The recipient's own profile: the gift, "от анонима", with the words as text.
    await recipientPage.goto(`/ru/profile/${encodeURIComponent(recipient.slug)}`);
    const mine = recipientPage.getByTestId('profile-gifts').getByTestId(/^profile-gift-\d+$/);
    await mine.first().waitFor();
    expect(await mine.first().getByTestId('gift-sender').textContent()).toBe('— от анонима');
    expect(await mine.first().getByTestId('gift-text').textContent()).toBe(words);
    await still(recipientPage, 'economy-ru-profile-gifts');
    const recipientView = await recipientPage.getByTestId('profile-page').innerHTML();
    expect(recipientView).not.toContain(sender.nick);

    // The sender sees the same on that profile: the gift, not their own name.
    await page.reload();
    const theirs = page.getByTestId('profile-gifts').getByTestId(/^profile-gift-\d+$/);
    await theirs.first().waitFor();
    expect(await theirs.first().getByTestId('gift-sender').textContent()).toBe(
      'from an anonymous sender',
    );
    expect(await page.getByTestId('profile-page').innerHTML()).not.toContain(sender.nick);
    await still(page, 'economy-en-profile-gifts');
  });

  it('collects the daily bonus from the navbar', async () => {
    const page = await session.newPage();
    const person = await apiUser(session.baseUrl, 'Bonus');
    await signInToChat(page, 'ru', person.nick);
    await expect.poll(() => navTotal(page)).toBe('0');
    const claim = page.getByTestId('nav-daily-bonus');
    await claim.waitFor();
    await still(page, 'economy-ru-navbar-bonus');
    await claim.click();
    const toast = page.getByTestId('toast-primary').filter({ hasText: 'Ежедневный бонус' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Ежедневный бонус: +10\u00a0монет.');
    expect(await toast.textContent()).toMatch(/Следующий бонус — через /);
    await expect.poll(() => navTotal(page)).toBe('10');
    await claim.waitFor({ state: 'detached' });
    await still(page, 'economy-ru-navbar-bonus-claimed');

    // The balance page agrees: bonus 10, and when the next one opens.
    await page.goto('/ru/balance/history');
    await page.getByTestId('daily-bonus-next').waitFor();
    expect(await page.getByTestId('daily-bonus-next').textContent()).toMatch(
      /^Следующий бонус — через /,
    );
    const entry = page.getByTestId(/^history-row-\d+$/).first();
    await entry.waitFor();
    expect(await entry.getByTestId('history-reason').textContent()).toBe('Ежедневный бонус');
    expect(await entry.getByTestId('history-part').textContent()).toBe('бонус');
    await still(page, 'economy-ru-bonus-history');
  });
});
