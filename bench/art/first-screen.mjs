import { chromium } from 'playwright-core';

/**
 * The pictures a gallery's first screen fetches: Chromium at 1366×768 (device pixel ratio 1,
 * cache off) opens the page, waits for its grid and for the network to settle, and sums the
 * bytes of the pictures it took from /storage (resource timing's encoded body size: what
 * crossed the wire). Lazy pictures the browser chose to fetch ahead count too.
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function firstScreenPictures(baseUrl, paths, { gridSelector, settleMs = 2000 }) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const out = [];
    for (const path of paths) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1366, height: 768 },
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await page.goto(path);
      await page.locator(gridSelector).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(settleMs);
      const pictures = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.startsWith('/storage/'))
          .map((e) => e.encodedBodySize),
      );
      out.push({
        path,
        pictures: pictures.length,
        kb: Math.round(pictures.reduce((a, b) => a + b, 0) / 1024),
      });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}
