import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { apiJson, type Locale } from './chat-kit';

interface GroupWire {
  id: number;
  slug: string;
  name: string;
  posts_count: number;
  can_post: boolean;
}

/** A seeded group a registered person may publish in (issue 22: demo groups with posts). */
export async function seededGroup(baseUrl: string, token: string, locale: Locale) {
  const response = await fetch(`${baseUrl}/api/art/groups`, {
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'x-localization': locale,
    },
  });
  const groups = ((await response.json()) as { data: GroupWire[] }).data;
  const group = groups.find((g) => g.can_post);
  if (!group) throw new Error('no seeded art group a registered person may publish in');
  return group;
}

/** A post as a visitor reads it through the API: its id and its pictures' ids in order. */
export async function apiArtPost(baseUrl: string, slug: string) {
  const response = await apiJson(baseUrl, `/api/art/posts/${slug}`);
  const page = (await response.json()) as {
    data: { id: number; likes_count: number; pictures: { id: number; adult: number }[] };
  };
  return page.data;
}

/** Likes a post as someone talking through the API only. */
export async function apiLike(baseUrl: string, token: string, postId: number): Promise<void> {
  const response = await apiJson(baseUrl, `/api/art/posts/${postId}/like`, {
    method: 'POST',
    token,
  });
  if (response.status !== 200)
    throw new Error(`like failed: ${response.status} ${await response.text()}`);
}

/** A small real picture of one colour and size: each of a post's pictures looks different. */
export function colouredPicture(
  red: number,
  green: number,
  blue: number,
  width: number,
  height: number,
) {
  return sharp({
    create: { width, height, channels: 3, background: { r: red, g: green, b: blue } },
  })
    .png()
    .toBuffer();
}

/** Chooses these pictures at once with the editor's paperclip; waits until each is processed. */
export async function attachPictures(
  page: Page,
  files: { name: string; buffer: Buffer }[],
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('attach-button').click();
  await (await chooser).setFiles(files.map((f) => ({ ...f, mimeType: 'image/png' })));
  // Processed pictures leave the tray for the order (the draft keeps them).
  await expect
    .poll(() => page.getByTestId('art-order-item').count(), { timeout: 45_000 })
    .toBe(files.length);
}

/** The pictures' ids in the order shown: in the editor's order, or on the post page. */
export const orderOf = (page: Page, testId: 'art-order-item' | 'art-picture') =>
  page
    .getByTestId(testId)
    .evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.pictureId)));

/** Whether an element's picture is blurred by CSS (a grid's adult thumbnail, a covered picture). */
export const isBlurred = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img) => getComputedStyle(img).filter.includes('blur'));
