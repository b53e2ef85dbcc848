import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { workerServer } from './worker-server';

const ARTIFACTS = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../.e2e-artifacts');

/**
 * Chromium's own camera and microphone (a moving pattern and a beep) that every page may use
 * without asking: the video journeys and bench need media without a person at the machine.
 */
export const FAKE_MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
] as const;

export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
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
      ...extraArgs,
    ],
  });
}

export interface PageOptions {
  /** Starts with the agreement accepted, so the cookie notice stays out of the way. */
  agreed?: boolean;
  viewport?: { width: number; height: number };
  /** A phone: touch events and a coarse pointer (`(pointer: coarse)` matches). */
  touch?: boolean;
  /** false: the page as a crawler or a link preview reads it, before any script runs. */
  javaScript?: boolean;
}

export interface BrowserSession {
  baseUrl: string;
  newPage: (options?: PageOptions) => Promise<Page>;
}

/**
 * Collects every Content-Security-Policy violation a context's pages report: the
 * `securitypolicyviolation` event (through a binding, so that reports survive navigations) and
 * the console's "Refused to ..." lines Chromium writes for the same. Exported for journeys that
 * make their own contexts.
 */
export async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (t: string) => void })
        .__reportCspViolation;
      report?.(`${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      violations.push(`${message.page()?.url() ?? '?'}: console: ${message.text()}`);
  });
}

/**
 * One browser per file, a fresh context (cookies, storage) for every test. A test whose pages
 * reported a Content-Security-Policy violation fails, whatever else it checked.
 */
export function useBrowser(options: { fakeMedia?: boolean } = {}): BrowserSession {
  const { baseUrl } = workerServer();
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let violations: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser(options.fakeMedia ? FAKE_MEDIA_ARGS : []);
  });
  afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
    const reported = violations;
    violations = [];
    if (reported.length > 0)
      throw new Error(`Content-Security-Policy violations:\n${reported.join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl,
    newPage: async ({
      agreed = true,
      viewport = { width: 1280, height: 800 },
      touch = false,
      javaScript = true,
    } = {}) => {
      if (!browser) throw new Error('browser not launched');
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport,
        hasTouch: touch,
        isMobile: touch,
        javaScriptEnabled: javaScript,
      });
      contexts.push(context);
      await watchCsp(context, violations);
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

/**
 * A screenshot in .e2e-artifacts/ (gitignored) to look at after a run; none with E2E_SHOTS=0 (CI).
 * `settleMs`: a pause first, for a fade the picture should not catch halfway (skipped with the
 * picture: nothing is checked after it).
 */
export async function shot(page: Page, name: string, settleMs = 0): Promise<void> {
  if (process.env.E2E_SHOTS === '0') return;
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Waits until the document has this title (titles are set after navigation). */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}

/** The number on the navbar bell (what a sighted person reads), or null while it shows none. */
export const bellCount = (page: Page) =>
  page
    .getByTestId('bell-count')
    .textContent({ timeout: 1000 })
    .catch(() => null);
