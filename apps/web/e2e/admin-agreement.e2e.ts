import type { InitData } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { apiJson, apiUser, signInToChat, signInToChatByForm, waitForChat } from './chat-kit';
import { ADMIN_PASSWORD } from './global-setup';

const session = useBrowser();

/** What init tells this person about the agreement. */
async function agreementOf(token: string): Promise<InitData> {
  const res = await apiJson(session.baseUrl, '/api/init?platform=pc', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: InitData }).data;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the agreement, edited in the admin area', () => {
  it('a new version published by an admin is accepted again by a signed-in user', async () => {
    const marker = `Rule ${Date.now()}`;
    const markerRu = `Правило ${Date.now()}`;

    // A user already chatting: their acceptance in this browser is recorded on sign-in.
    const person = await apiUser(session.baseUrl, 'agree');
    const userPage = await session.newPage();
    await signInToChatByForm(userPage, 'en', person.nick);
    const before = await agreementOf(person.token);
    await until(
      async () =>
        (await agreementOf(person.token)).agreement_accepted_version === before.agreement_version,
      'the first acceptance to be recorded',
    );
    expect(await userPage.getByTestId('cookie-notice').count()).toBe(0);

    // The admin publishes a new version.
    const adminPage = await session.newPage();
    await signInToChat(adminPage, 'en', 'admin', ADMIN_PASSWORD);
    await adminPage.goto('/en/admin/agreement');
    const editor = adminPage.getByTestId('page-editor');
    await editor.waitFor();
    await editor.getByLabel('Title (Russian)').fill('Пользовательское соглашение');
    await editor.getByLabel('Text in Markdown (Russian)').fill(`## ${markerRu}\n\nБудьте вежливы.`);
    await editor.getByRole('tab', { name: 'English' }).click();
    await editor.getByLabel('Title (English)').fill('User agreement');
    await editor
      .getByLabel('Text in Markdown (English)')
      .fill(`## ${marker}\n\nBe **kind**. <script>alert(1)</script>`);
    await editor.getByTestId('page-preview-en').getByText(marker).waitFor();
    await editor.getByLabel('Publish as a new version of the agreement').check();
    await editor.getByTestId('page-new-version-warning').waitFor();
    await shot(adminPage, 'admin-agreement-en');
    await editor.getByRole('button', { name: 'Publish the new version' }).click();
    const next = (before.agreement_version ?? 1) + 1;
    await adminPage
      .getByTestId('agreement-version')
      .filter({ hasText: `: ${next}` })
      .waitFor();

    // The user's open tab hears it and asks again; accepting records the new version.
    const notice = userPage.getByTestId('cookie-notice');
    await notice.waitFor();
    expect((await agreementOf(person.token)).agreement_version).toBe(next);
    await shot(userPage, 'agreement-again-en');
    await notice.getByRole('button', { name: 'Accept' }).click();
    await notice.waitFor({ state: 'detached' });
    await until(
      async () => (await agreementOf(person.token)).agreement_accepted_version === next,
      'the new acceptance to be recorded',
    );

    // They use the site: the new text, safely rendered, in English and in Russian.
    await userPage.goto('/en/agreement');
    await userPage.getByRole('heading', { name: marker }).waitFor();
    expect(await userPage.locator('.page-body strong').first().textContent()).toBe('kind');
    expect(await userPage.locator('.page-body').textContent()).toContain(
      '<script>alert(1)</script>',
    );
    expect(await userPage.locator('.page-body script').count()).toBe(0);
    await userPage.goto('/ru/agreement');
    await userPage.getByRole('heading', { name: markerRu }).waitFor();
    await userPage.goto('/en/chat');
    await waitForChat(userPage);
    expect(await userPage.getByTestId('cookie-notice').count()).toBe(0);
    expect(await userPage.getByTestId('access-restricted').count()).toBe(0);

    // The admin's own tab asked too: accepting keeps later journeys as the admin unprompted.
    const adminNotice = adminPage.getByTestId('cookie-notice');
    await adminNotice.waitFor();
    await adminNotice.getByRole('button', { name: 'Accept' }).click();
    await adminNotice.waitFor({ state: 'detached' });
  }, 150_000);

  it('an admin on a phone adds, marks required and deletes an app release in Russian', async () => {
    const page = await session.newPage({ viewport: { width: 375, height: 740 } });
    await signInToChat(page, 'ru', 'admin', ADMIN_PASSWORD);
    await page.goto('/ru/admin/app-releases');
    await page.getByTestId('release-add-android').click();
    const form = page.getByTestId('release-form');
    await form.getByLabel('Версия').fill('1.2');
    await form.getByLabel('Ссылка на магазин (https://)').fill('http://play.example/app');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Версия: три числа через точку').waitFor();
    await form.getByLabel('Версия').fill('7.8.9');
    await form.getByText('Ссылка на магазин должна начинаться с https://.').waitFor();
    await form.getByLabel('Ссылка на магазин (https://)').fill('https://play.example/app');
    await form.getByLabel('Обязательное обновление').check();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByTestId('release-row').filter({ hasText: '7.8.9' });
    await row.getByText('обязательное').waitFor();
    await shot(page, 'admin-releases-375-ru');
    const init = await apiJson(session.baseUrl, '/api/init?platform=android&version=7.8.8');
    const data = ((await init.json()) as { data: InitData }).data;
    expect(data.update_required).toBe(true);
    await row.getByRole('button', { name: 'Удалить' }).click();
    await page.getByTestId('release-delete-confirm').click();
    await row.waitFor({ state: 'detached' });
  }, 120_000);
});
