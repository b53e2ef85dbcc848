/* global window, document -- the functions passed to the page run in the browser */
import { chromium } from 'playwright-core';
import { round } from '../lib/stats.mjs';
import { peopleInRoom } from './setup.mjs';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium's own camera (a moving pattern) and microphone (a beep), granted without asking.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

const log = (...args) => console.log(`  [${new Date().toISOString().slice(11, 19)}]`, ...args);

/** A tab of one person with the room open and the call panel showing its preview. */
async function openRoom(browser, baseUrl, person, roomId, relay) {
  const context = await browser.newContext({ baseURL: baseUrl });
  await context.addInitScript((forceRelay) => {
    localStorage.setItem('agreementStatus', 'true');
    localStorage.setItem('video.debug', '1');
    if (forceRelay) localStorage.setItem('video.relay', '1');
    else localStorage.removeItem('video.relay');
  }, relay);
  // Signed in as the web app signs in, so the session cookie is the tab's.
  const login = await context.request.post('/api/auth/login', {
    data: { nick_or_phone: person.nick, password: 'bench-pass-1' },
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  });
  if (!login.ok()) throw new Error(`login ${person.nick}: ${login.status()}`);
  const page = await context.newPage();
  await page.goto('/en/chat');
  await page.locator('[data-testid="composer"], [data-testid="no-room"]').first().waitFor();
  await page.getByTestId(`room-select-${roomId}`).click();
  await page.getByTestId('video-toggle').click();
  await joinable(page);
  return { context, page };
}

/** Waits until the join button takes a press (the preview has its camera and microphone). */
const joinable = (page) =>
  page.waitForFunction(() => {
    const button = document.querySelector('[data-testid="video-join"]');
    return button !== null && !button.disabled;
  });

/** How many other participants this tab decodes video from now. */
const decodingFrom = (page) =>
  page.evaluate(async () => {
    let n = 0;
    for (const pc of window.__video?.peers().values() ?? []) {
      const stats = await pc.getStats();
      let frames = 0;
      stats.forEach((r) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') frames += r.framesDecoded ?? 0;
      });
      if (frames > 0) n += 1;
    }
    return n;
  });

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out: ${what}`);
}

/**
 * Presses join in the last tab and measures, in the page's own clock, until it has decoded a
 * frame from every other participant.
 */
const joinToFrames = (page, others) =>
  page.evaluate(async (expected) => {
    const started = performance.now();
    document.querySelector('[data-testid="video-join"]').click();
    for (;;) {
      const peers = window.__video?.peers();
      if (peers && peers.size >= expected) {
        let decoding = 0;
        for (const pc of peers.values()) {
          const stats = await pc.getStats();
          let frames = 0;
          stats.forEach((r) => {
            if (r.type === 'inbound-rtp' && r.kind === 'video') frames += r.framesDecoded ?? 0;
          });
          if (frames > 0) decoding += 1;
        }
        if (decoding >= expected) return performance.now() - started;
      }
      if (performance.now() - started > 60_000) return -1;
      await new Promise((r) => setTimeout(r, 10));
    }
  }, others);

/**
 * Time from pressing join to the first decoded frame of every other participant, for a call of
 * `size` people: size − 1 are in the call already, the last joins, measures, leaves, `trials`
 * times. `relay`: every connection forced through TURN (`iceTransportPolicy: 'relay'`).
 */
export async function measureJoin(server, { size, trials, relay }) {
  const { people, roomId } = await peopleInRoom(server, size, `V${size}${relay ? 't' : 'd'}`);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  try {
    const tabs = [];
    for (const person of people) tabs.push(await openRoom(browser, baseUrl, person, roomId, relay));
    const stayers = tabs.slice(0, -1);
    const joiner = tabs.at(-1);
    for (const [i, tab] of stayers.entries()) {
      await tab.page.getByTestId('video-join').click();
      await waitFor(async () => (await decodingFrom(tab.page)) >= i, 60_000, 'the call forms');
    }
    const times = [];
    for (let t = 0; t < trials; t++) {
      const ms = await joinToFrames(joiner.page, size - 1);
      if (ms < 0) {
        const states = await Promise.all(
          tabs.map((tab) =>
            tab.page.evaluate(() =>
              [...(window.__video?.peers() ?? new Map())].map(
                ([id, pc]) => `${id}:${pc.connectionState}/${pc.signalingState}`,
              ),
            ),
          ),
        );
        const panels = await Promise.all(
          tabs.map((tab) =>
            tab.page.evaluate(
              () =>
                document.querySelector('[data-testid="video-panel"]')?.textContent?.slice(0, 160) ??
                'no panel',
            ),
          ),
        );
        throw new Error(
          `${size} people, try ${t + 1}: no frames within a minute (${JSON.stringify(states)}; ${JSON.stringify(panels)})`,
        );
      }
      times.push(ms);
      await joiner.page.getByTestId('video-leave').click();
      // The others close their connection to the one who left before the next try.
      for (const tab of stayers)
        await waitFor(
          () => tab.page.evaluate((n) => window.__video?.peers().size === n, size - 2),
          20_000,
          'the others see the leave',
        );
      // Leaving closes the panel: open it again, and its preview, before the next press.
      await joiner.page.getByTestId('video-toggle').click();
      await joinable(joiner.page);
    }
    times.sort((a, b) => a - b);
    const result = {
      size,
      relay,
      median: round(times[Math.floor(times.length / 2)], 0),
      worst: round(times.at(-1), 0),
    };
    log(
      `${size} people, ${relay ? 'TURN' : 'direct'}: median ${result.median} ms, worst ${result.worst} ms`,
    );
    return result;
  } finally {
    await browser.close();
  }
}
