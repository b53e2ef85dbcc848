/* global window, document -- the functions passed to the page run in the browser */
/**
 * One cold load of one page in Chromium, measured with the browser's own performance timeline:
 * first contentful paint (the 'paint' entries), largest contentful paint, the long tasks
 * (a PerformanceObserver installed before any of the page's scripts run) and the JavaScript and
 * CSS the page fetched (resource timing; the cache is off, so every byte crosses the wire).
 */

/** Runs in the page before its scripts: keeps every long task and the last LCP candidate. */
function installObservers() {
  const store = { longTasks: [], lcp: 0 };
  window.__firstLoad = store;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) store.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) store.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Runs in the page once it has settled. */
function collect() {
  const store = window.__firstLoad;
  const fcp = performance
    .getEntriesByType('paint')
    .find((e) => e.name === 'first-contentful-paint');
  const resources = performance
    .getEntriesByType('resource')
    .map((e) => ({ url: e.name, bytes: e.encodedBodySize, end: e.responseEnd }));
  return { fcp: fcp ? fcp.startTime : null, lcp: store.lcp, longTasks: store.longTasks, resources };
}

/**
 * Total blocking time as Lighthouse counts it: each long task's time beyond 50 ms, from first
 * contentful paint on (a task that straddles FCP counts only its part after it).
 */
export function totalBlockingTime(longTasks, fcp) {
  let total = 0;
  for (const [start, duration] of longTasks) {
    const end = start + duration;
    if (end <= fcp) continue;
    const from = Math.max(start, fcp);
    // A task cut by FCP blocks only if what is left of it still exceeds 50 ms.
    total += Math.max(0, end - from - 50);
  }
  return total;
}

function bytesOf(resources, extension, until = Infinity) {
  return resources
    .filter((r) => new URL(r.url).pathname.endsWith(extension) && r.end <= until)
    .reduce((sum, r) => sum + r.bytes, 0);
}

/**
 * Opens `url` in a fresh context at a phone's width with the CPU slowed `cpuSlowdown` times,
 * waits for `readySelector`, then `settleMs` more for late tasks, and answers the figures.
 */
export async function measurePage(
  browser,
  { url, readySelector, storageState, cpuSlowdown, settleMs },
) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    storageState,
  });
  try {
    await context.addInitScript(installObservers);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit' });
    // The page's clock when its main content first exists (checked every frame).
    const ready = await page.waitForFunction(
      (selector) => document.querySelector(selector) !== null && performance.now(),
      readySelector,
      { polling: 'raf', timeout: 60_000 },
    );
    const readyMs = await ready.jsonValue();
    await page.waitForTimeout(settleMs);
    const raw = await page.evaluate(collect);
    if (raw.fcp === null) throw new Error(`${url}: no first contentful paint`);
    return {
      fcp: raw.fcp,
      lcp: raw.lcp,
      ready: readyMs,
      tbt: totalBlockingTime(raw.longTasks, raw.fcp),
      longTasks: raw.longTasks.length,
      // The same sum over the whole load, before FCP too: the script work that delays the paint.
      blocking: totalBlockingTime(raw.longTasks, 0),
      js: bytesOf(raw.resources, '.js'),
      css: bytesOf(raw.resources, '.css'),
      jsBeforeFcp: bytesOf(raw.resources, '.js', raw.fcp),
    };
  } finally {
    await context.close();
  }
}
