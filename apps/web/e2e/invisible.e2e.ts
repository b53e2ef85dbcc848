import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { apiJson, enterAsUser, enterRoom, signInToChat } from './chat-kit';
import { ADMIN_PASSWORD } from './global-setup';

const session = useBrowser();

// "Музыка" / "Music": a room of its own, so other journeys' people stay out of the way.
const ROOM = 4;

async function adminId(baseUrl: string): Promise<number> {
  const response = await apiJson(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { nick_or_phone: 'admin', password: ADMIN_PASSWORD },
  });
  const body = (await response.json()) as { data: { user: { id: number } } };
  return body.data.user.id;
}

describe('an invisible admin', () => {
  it('is not in anyone else’s list nor typing for them, and appears when visible again', async () => {
    const admin = await adminId(session.baseUrl);
    const adminPage = await session.newPage();
    await signInToChat(adminPage, 'en', 'admin', ADMIN_PASSWORD);
    await enterRoom(adminPage, ROOM);
    // The switch follows the server's answer, so it is clicked, then awaited.
    const invisible = adminPage.getByTestId('my-visibility');
    await invisible.click();
    await expect.poll(() => invisible.isChecked()).toBe(true);

    const userPage = await session.newPage();
    const user = await enterAsUser(userPage, session.baseUrl, 'ru');
    await enterRoom(userPage, ROOM);
    // The admin sees the newcomer arrive; the newcomer does not see the admin.
    await adminPage.getByTestId(`room-user-${user.id}`).waitFor();
    await adminPage.getByTestId(`room-user-${admin}`).waitFor();
    expect(await userPage.getByTestId(`room-user-${admin}`).count()).toBe(0);

    // Typing while invisible tells nobody who may not see the admin.
    await adminPage.getByTestId('composer').pressSequentially('hello there');
    await userPage.waitForTimeout(1000);
    expect(await userPage.getByTestId('typing').textContent()).not.toContain('admin');
    await shot(adminPage, 'invisible-admin-en');
    await shot(userPage, 'invisible-viewer-ru');

    // Visible again: the newcomer sees the admin arrive, live.
    await invisible.click();
    await userPage.getByTestId(`room-user-${admin}`).waitFor();
    await shot(userPage, 'invisible-visible-again-ru');
  });
});
