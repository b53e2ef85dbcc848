import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import { enterAsUser, enterRoom, messageWith } from './chat-kit';

const session = useBrowser();

// "Кино и сериалы" / "Movies & TV": a room of its own, so other journeys' messages stay out.
const ROOM = 5;

/** A PNG of noise: big enough (about 1 MB) for the upload's progress to be seen. */
async function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Chooses files with the paperclip button, as a person does. */
async function attachByButton(page: Page, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('attach-button').click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
}

/** Slows this page's uploads, so the progress ring has time to show. */
async function slowUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  };
}

describe('pictures and GIFs in a room', () => {
  it('sends a picture and a GIF from one browser to another, and keeps adult pictures out', async () => {
    const pageA = await session.newPage();
    await enterAsUser(pageA, session.baseUrl, 'en', 'Pic');
    await enterRoom(pageA, ROOM);
    // B reads in Russian on a phone.
    const pageB = await session.newPage({ viewport: { width: 375, height: 740 } });
    await enterAsUser(pageB, session.baseUrl, 'ru', 'Smo');
    await enterRoom(pageB, ROOM);

    // A attaches a picture by the button: its preview shows with the upload's progress.
    const picture = await noisePng(600, 600);
    const fast = await slowUploads(pageA, 300 * 1024);
    await attachByButton(pageA, 'noise.png', picture);
    const item = pageA.getByTestId('upload-item');
    await item.waitFor();
    await pageA.getByTestId('upload-progress').waitFor();
    await expect
      .poll(async () =>
        Number(await pageA.getByTestId('upload-progress').getAttribute('data-percent')),
      )
      .toBeGreaterThan(0);
    await shot(pageA, 'attachments-en-progress');
    await fast();
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    await shot(pageA, 'attachments-en-ready');

    // Sent with a text; B sees the picture in the message's grid and opens the viewer.
    const caption = `Look at this ${Date.now()}`;
    await pageA.getByTestId('composer').fill(caption);
    await pageA.getByTestId('composer').press('Enter');
    await pageA.getByTestId('upload-tray').waitFor({ state: 'detached' });
    await messageWith(pageA, caption).getByTestId('attachment-grid').waitFor();
    const received = messageWith(pageB, caption);
    const grid = received.getByTestId('attachment-grid');
    await grid.waitFor();
    await expect
      .poll(() => grid.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await shot(pageB, 'attachments-ru-375-grid');
    await grid.getByTestId('attachment-open').click();
    await expect.poll(() => pageB.getByTestId('viewer-counter').textContent()).toBe('1 / 1');
    await expect
      .poll(() =>
        pageB.getByTestId('viewer-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(600);
    // The modal fades in: the picture is taken once it has.
    await shot(pageB, 'attachments-ru-375-viewer', 400);
    await pageB.keyboard.press('Escape');
    await pageB.getByTestId('viewer-counter').waitFor({ state: 'detached' });

    // A sends a GIF from the picker beside the smileys; B sees it.
    await pageA.getByTestId('gif-button').click();
    const picker = pageA.getByTestId('gif-picker');
    await picker.waitFor();
    const firstGif = picker.locator('.gif-btn').first();
    await firstGif.waitFor();
    await shot(pageA, 'attachments-en-gif-picker', 400);
    const gifUrl = await firstGif.locator('img').getAttribute('src');
    await firstGif.click();
    await picker.waitFor({ state: 'detached' });
    const gifOnB = pageB.locator(`[data-testid="message-gif"][src="${gifUrl ?? ''}"]`);
    await gifOnB.waitFor();
    await shot(pageB, 'attachments-ru-375-gif');

    // A marks a picture 18+: the message box says it cannot go to the public chat, and it does not.
    await attachByButton(pageA, 'adult.png', await noisePng(64, 64));
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
    await pageA.getByTestId('upload-adult').check();
    const notice = pageA.getByTestId('uploads-notice');
    await expect
      .poll(() => notice.textContent())
      .toBe('An adult image cannot be sent to the public chat.');
    const before = await pageA.getByTestId(/^message-\d+$/).count();
    expect(await pageA.getByTestId('send').isDisabled()).toBe(true);
    await pageA.getByTestId('composer').fill('with the adult picture');
    await pageA.getByTestId('composer').press('Enter');
    await pageA.waitForTimeout(500);
    expect(await pageA.getByTestId(/^pending-/).count()).toBe(0);
    expect(await pageA.getByTestId(/^message-\d+$/).count()).toBe(before);
    await shot(pageA, 'attachments-en-adult');

    // Pictures dropped on the room pane are attached too; the pane shows where to drop them.
    await pageA.getByTestId('upload-remove').click();
    await pageA.getByTestId('upload-tray').waitFor({ state: 'detached' });
    const dropped = await Promise.all([noisePng(80, 60), noisePng(60, 80), noisePng(70, 70)]);
    const transfer = await pageA.evaluateHandle(
      (files) => {
        const data = new DataTransfer();
        files.forEach((bytes, i) =>
          data.items.add(
            new File([new Uint8Array(bytes)], `dropped-${i}.png`, { type: 'image/png' }),
          ),
        );
        return data;
      },
      dropped.map((b) => Array.from(b)),
    );
    const pane = pageA.getByTestId('upload-drop');
    await pane.dispatchEvent('dragenter', { dataTransfer: transfer });
    await pageA.getByTestId('upload-drop-cover').waitFor();
    await shot(pageA, 'attachments-en-drop');
    await pane.dispatchEvent('drop', { dataTransfer: transfer });
    await pageA.getByTestId('upload-drop-cover').waitFor({ state: 'detached' });
    await expect.poll(() => pageA.getByTestId('upload-item').count()).toBe(3);
    await expect
      .poll(() => pageA.locator('[data-testid="upload-item"][data-state="ready"]').count(), {
        timeout: 30_000,
      })
      .toBe(3);
    await pageA.getByTestId('composer').fill('three at once');
    await pageA.getByTestId('send').click();
    await pageA.getByTestId('upload-tray').waitFor({ state: 'detached' });

    // B pages through them in the viewer with the keyboard.
    const three = messageWith(pageB, 'three at once').getByTestId('attachment-grid');
    await three.waitFor();
    await expect.poll(() => three.getByTestId('attachment-open').count()).toBe(3);
    await three.getByTestId('attachment-open').nth(0).click();
    await expect.poll(() => pageB.getByTestId('viewer-counter').textContent()).toBe('1 / 3');
    await pageB.keyboard.press('ArrowRight');
    await expect.poll(() => pageB.getByTestId('viewer-counter').textContent()).toBe('2 / 3');
    await shot(pageB, 'attachments-ru-375-viewer-2of3', 400);
    await pageB.keyboard.press('Escape');
    await pageB.getByTestId('viewer-counter').waitFor({ state: 'detached' });
    await shot(pageB, 'attachments-ru-375-grid3');

    // B, in Russian on a phone, meets the adult rule too.
    await attachByButton(pageB, 'b.png', await noisePng(50, 50));
    await expect
      .poll(() => pageB.getByTestId('upload-item').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('ready');
    await pageB.getByTestId('upload-adult').check();
    await expect
      .poll(() => pageB.getByTestId('uploads-notice').textContent())
      .toBe('Картинку для взрослых нельзя отправить в общий чат.');
    await shot(pageB, 'attachments-ru-375-adult');
  });
});
