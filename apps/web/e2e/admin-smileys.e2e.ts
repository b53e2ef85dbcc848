import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { adminToken, apiJson, apiUser, enterRoom, signInToChat } from './chat-kit';
import { ADMIN_PASSWORD } from './global-setup';

const session = useBrowser();
const ROOM = 4;

/** A 1×1 PNG: the server checks a smiley's picture by its bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

interface Group {
  id: number;
  smileys: { id: number; tag: string }[];
}

async function smileyGroups(token: string): Promise<Group[]> {
  const response = await apiJson(session.baseUrl, '/api/admin/smileys', { token });
  if (response.status !== 200) throw new Error(`smileys: ${response.status}`);
  return ((await response.json()) as { data: Group[] }).data;
}

describe('smileys in the admin area', () => {
  it('an admin adds a smiley that a chatting user sees in the picker without reloading', async () => {
    const token = await adminToken(session.baseUrl);
    const firstGroup = (await smileyGroups(token))[0];
    if (!firstGroup) throw new Error('the seed has no smiley group');
    const tag = `e2e${Date.now().toString(36)}`;

    // A user already chatting, with the smiley picker open on the first group.
    const user = await apiUser(session.baseUrl, 'Smile');
    const userPage = await session.newPage();
    await signInToChat(userPage, 'en', user.nick);
    await enterRoom(userPage, ROOM);
    await userPage.getByTestId('smiley-button').click();
    await userPage.getByTestId('smiley-picker').waitFor();
    await userPage.getByTestId(`smiley-tab-${firstGroup.id}`).click();
    expect(await userPage.getByTestId(`smiley-${tag}`).count()).toBe(0);

    const adminPage = await session.newPage();
    await signInToChat(adminPage, 'en', 'admin', ADMIN_PASSWORD);
    try {
      await adminPage.goto('/en/admin/smileys');
      const form = adminPage.getByTestId('smiley-form');
      await form.waitFor();
      await form.getByLabel('Tag').fill(`-${tag}-`);
      await form.getByLabel('Group').selectOption(String(firstGroup.id));
      await form
        .getByLabel('Picture (PNG, GIF or WebP)')
        .setInputFiles({ name: 'smiley.png', mimeType: 'image/png', buffer: PNG });
      await form.getByRole('button', { name: 'Add' }).click();
      const tile = adminPage.locator(`[data-testid="admin-smiley"][data-tag="${tag}"]`);
      await tile.waitFor();
      await shot(adminPage, 'admin-smileys-added');

      // The open picker hears CatalogUpdated and shows the new smiley, no reload.
      const smiley = userPage.getByTestId(`smiley-${tag}`);
      await smiley.waitFor({ timeout: 10_000 });
      await expect
        .poll(() => smiley.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(1);
      await shot(userPage, 'picker-new-smiley');
    } catch (e) {
      await shot(adminPage, 'admin-smileys-failed-admin');
      await shot(userPage, 'admin-smileys-failed-user');
      throw e;
    } finally {
      const added = (await smileyGroups(token))
        .flatMap((g) => g.smileys)
        .find((s) => s.tag === tag);
      if (added)
        await apiJson(session.baseUrl, `/api/admin/smileys/${added.id}`, {
          method: 'DELETE',
          token,
        });
    }
  }, 120_000);
});
