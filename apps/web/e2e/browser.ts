import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

const ARTIFACTS = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../.e2e-artifacts');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageOptions {
  /** Starts with the agreement accepted, so the cookie notice stays out of the way. */
  agreed?: boolean;
  viewport?: { width: number; height: number };
}

export interface BrowserSession {
  baseUrl: string;
  newPage: (options?: PageOptions) => Promise<Page>;
}

/** One browser per file, a fresh context (cookies, storage) for every test. */
export function useBrowser(): BrowserSession {
  const baseUrl = inject('baseUrl');
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl,
    newPage: async ({ agreed = true, viewport = { width: 1280, height: 800 } } = {}) => {
      if (!browser) throw new Error('browser not launched');
      const context = await browser.newContext({ baseURL: baseUrl, viewport });
      contexts.push(context);
      if (agreed) {
        await context.addInitScript(() => {
          if (window.localStorage.getItem('agreementStatus') === null) {
            window.localStorage.setItem('agreementStatus', 'true');
          }
        });
      }
      return context.newPage();
    },
  };
}

/** A screenshot in .e2e-artifacts/ (gitignored) to look at after a run. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Waits until the document has this title (titles are set after navigation). */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}
