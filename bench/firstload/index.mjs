import { chromium } from 'playwright-core';
import { measureHomeBundle } from '../../scripts/check-bundle-size.mjs';
import { optionReader } from '../lib/args.mjs';
import { startOurs } from '../lib/ours.mjs';
import { waitBudget, waitQuiet } from '../lib/quiet.mjs';
import { guardProcesses } from '../lib/procs.mjs';
import { round } from '../lib/stats.mjs';
import { measurePage } from './measure-page.mjs';

/**
 * `npm run bench -- firstload`: how fast the site opens on a phone. Ours serves the last web
 * build (apps/web/dist; run `npm run build` first). Chromium opens each page cold (fresh
 * context, cache off) at 375×812 with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate),
 * `--runs` times: the home page (`/en` and `/ru`) as a signed-out first visitor, and the chat
 * (`/en/chat`) as a guest who entered once. Reports first contentful paint, largest contentful
 * paint, when the main content exists, total blocking time (Lighthouse's: long tasks' time
 * beyond 50 ms after FCP), median and max, and the JS and CSS fetched. The size budgets (the
 * home page's first-paint JS and CSS, gzip; scripts/check-bundle-size.mjs) print as PASS/FAIL.
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

const PAGES = [
  { name: 'home /en', path: '/en', readySelector: '[data-testid="guest-form"]', guest: false },
  { name: 'home /ru', path: '/ru', readySelector: '[data-testid="guest-form"]', guest: false },
  {
    name: 'chat /en/chat',
    path: '/en/chat',
    readySelector: '[data-testid="composer"]',
    guest: true,
  },
];

function options(argv) {
  const get = optionReader(argv);
  return {
    runs: Number(get('runs', 5)),
    cpuSlowdown: Number(get('cpu-slowdown', 4)),
    settleMs: Number(get('settle-ms', 2000)),
    quietWaitMs: Number(get('quiet-wait-ms', 20_000)),
  };
}

const log = (...args) => console.log(`  [${new Date().toISOString().slice(11, 19)}]`, ...args);

/** A guest who entered through the home page's form once: cookies and storage to reuse. */
async function guestState(browser, baseUrl) {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    await context.addInitScript(() => localStorage.setItem('agreementStatus', 'true'));
    const page = await context.newPage();
    await page.goto('/en');
    await page.locator('#guest-nick').fill(`Bench${Date.now().toString(36).slice(-6)}`);
    await page.locator('[data-testid="guest-form"] button[type="submit"]').click();
    await page.waitForURL('**/en/chat');
    await page.locator('[data-testid="composer"]').waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const ms = (v) => `${Math.round(v)}`.padStart(6);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)}`.padStart(7);

function printPage(name, samples) {
  const stat = (key) => samples.map((s) => s[key]);
  const row = (label, key, fmt) =>
    console.log(
      `    ${label.padEnd(28)} median ${fmt(median(stat(key)))}   max ${fmt(Math.max(...stat(key)))}`,
    );
  console.log(`\n  ${name} (${samples.length} runs)`);
  row('first contentful paint, ms', 'fcp', ms);
  row('largest contentful paint, ms', 'lcp', ms);
  row('main content shown, ms', 'ready', ms);
  row('total blocking time, ms', 'tbt', ms);
  row('blocking from navigation, ms', 'blocking', ms);
  row('JS fetched before FCP, KB', 'jsBeforeFcp', kb);
  row('JS fetched in all, KB', 'js', kb);
  row('CSS fetched, KB', 'css', kb);
}

export async function run(argv) {
  const opts = options(argv);
  guardProcesses(15 * 60_000);
  waitBudget.maxMs = 120_000;
  const { files, rows } = measureHomeBundle();
  log(`home page first paint: ${files.js.length} JS files, ${files.css.length} CSS (last build)`);

  const ours = await startOurs();
  const baseUrl = `http://127.0.0.1:${ours.port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const results = [];
  try {
    const storageState = await guestState(browser, baseUrl);
    for (const page of PAGES) {
      await waitQuiet(opts.quietWaitMs, true);
      const samples = [];
      // One unmeasured load first: the server's own caches (init, catalogue) warm up.
      for (let i = 0; i <= opts.runs; i++) {
        const sample = await measurePage(browser, {
          url: `${baseUrl}${page.path}`,
          readySelector: page.readySelector,
          storageState: page.guest ? storageState : undefined,
          cpuSlowdown: opts.cpuSlowdown,
          settleMs: opts.settleMs,
        });
        if (i > 0) samples.push(sample);
      }
      results.push({ page: page.name, samples });
      log(`${page.name}: ${samples.length} runs`);
    }
  } finally {
    await browser.close();
    await ours.stop();
  }

  console.log(
    `\nfirst load at 375×812, CPU ${opts.cpuSlowdown}× slower, cache off, no compression by the server`,
  );
  for (const { page, samples } of results) printPage(page, samples);
  console.log('\n  budgets (home page, first paint, gzip):');
  for (const row of rows)
    console.log(
      `    ${row.kind.toUpperCase()} ${kb(row.bytes)} KB ≤ ${kb(row.budget)} KB: ${row.ok ? 'PASS' : 'FAIL'}`,
    );
  const summary = results.map(({ page, samples }) => ({
    page,
    fcp: round(median(samples.map((s) => s.fcp))),
    tbt: round(median(samples.map((s) => s.tbt))),
  }));
  console.log(`\n${JSON.stringify({ bench: 'firstload', opts, summary })}`);
}
