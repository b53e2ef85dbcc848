import { describe, expect, it } from 'vitest';
import { uniqueNick } from './api';
import { shot, useBrowser } from './browser';

const session = useBrowser();

describe('registration', () => {
  it('registers from the navbar modal and is signed in as a user', async () => {
    const page = await session.newPage();
    await page.goto('/en');
    await page.getByTestId('nav-register').click();
    const dialog = page.getByRole('dialog', { name: 'Registration' });
    await dialog.waitFor();
    const nick = uniqueNick('Reg');
    await dialog.getByLabel('Nick').fill(nick);
    await dialog.getByLabel('Password', { exact: true }).fill('secret-123');
    await dialog.getByLabel('Repeat the password').fill('secret-124');
    await dialog.getByRole('button', { name: 'Register' }).click();
    const mismatch = dialog.getByTestId('error-password_confirmation');
    await mismatch.waitFor();
    expect(await mismatch.textContent()).toBe('The passwords do not match.');

    await dialog.getByLabel('Repeat the password').fill('secret-123');
    await dialog.getByLabel(/Gender/).selectOption('female');
    await dialog.getByLabel(/Date of birth/).fill('1995-04-12');
    await shot(page, 'register-modal-en');
    await dialog.getByRole('button', { name: 'Register' }).click();

    await page.getByTestId('signed-in-as').waitFor();
    expect(await page.getByTestId('signed-in-as').textContent()).toBe(
      `You are signed in as ${nick} (user).`,
    );
  });

  it('registers on the Russian page, with the server error under the field', async () => {
    const page = await session.newPage();
    await page.goto('/ru/register');
    await page.getByRole('heading', { name: 'Регистрация' }).waitFor();
    await page.getByLabel('Ник').fill('admin');
    await page.getByLabel('Пароль', { exact: true }).fill('secret-123');
    await page.getByLabel('Повторите пароль').fill('secret-123');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByTestId('error-nick').waitFor();
    expect(await page.getByTestId('error-nick').textContent()).toBe('Этот ник уже занят.');
    await shot(page, 'register-page-ru');

    const nick = uniqueNick('Рег');
    await page.getByLabel('Ник').fill(nick);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    // With nowhere else to go, a new account lands in the chat.
    await page.waitForURL((url) => /^\/ru\/chat(\/\d+)?$/.test(url.pathname));
    await page.getByTestId('composer').waitFor();
    await page.goto('/');
    await page.getByTestId('signed-in-as').waitFor();
    expect(await page.getByTestId('signed-in-as').textContent()).toBe(
      `Вы вошли как ${nick} (пользователь).`,
    );
  });

  it('lets a guest register under the same nick and keep the account', async () => {
    const page = await session.newPage();
    await page.goto('/en');
    const nick = uniqueNick('Keep');
    await page.getByLabel('Your nick').fill(nick);
    await page.getByRole('button', { name: 'Enter as guest' }).click();
    // Guest entry opens the chat; the offer to keep the nick waits on the home page.
    await page.waitForURL(/\/en\/chat(\/\d+)?$/);
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByTestId('register-keep-nick').click();
    const dialog = page.getByRole('dialog', { name: 'Registration' });
    expect(await dialog.getByLabel('Nick').inputValue()).toBe(nick);
    await dialog.getByLabel('Password', { exact: true }).fill('secret-123');
    await dialog.getByLabel('Repeat the password').fill('secret-123');
    await dialog.getByRole('button', { name: 'Register' }).click();
    // Registered from the home page's card: on into the chat.
    await page.waitForURL(/\/en\/chat(\/\d+)?$/);
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByText(`You are signed in as ${nick} (user).`).waitFor();
  });
});
