import { describe, expect, it } from 'vitest';
import { deviceName, parseUserAgent } from './device-name';

const UA: [string, string][] = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Chrome 131 on Windows',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
    'Edge 131 on Windows',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
    'Opera 115 on macOS',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 YaBrowser/24.10.0.0 Safari/537.36',
    'Yandex Browser 24 on Windows',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    'Samsung Internet 26 on Android',
  ],
  [
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'Firefox 133 on Linux',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Safari 18 on macOS',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'Chrome 131 on iOS',
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15',
    'Firefox 132 on iOS',
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'Chrome 131 on Android',
  ],
  [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
    'Headless Chrome 156 on Linux',
  ],
  [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.0.0 Chrome/120.0.0.0 Safari/537.36',
    'Chromium 120 on Linux',
  ],
  ['curl/8.5.0', 'Unknown browser'],
  ['', 'Unknown browser'],
  ['vitest', 'Unknown browser'],
];

describe('deviceName', () => {
  it.each(UA)('%s → %s', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });

  it('does not choke on a huge or hostile user agent', () => {
    expect(deviceName(`<script>${'Chrome/1 '.repeat(10_000)}`)).toBe('Chrome 1');
  });
});

describe('parseUserAgent', () => {
  it("gives the parts the web names in the reader's language, null where unknown", () => {
    expect(parseUserAgent(UA[0]![0])).toEqual({
      browser: 'Chrome',
      browser_version: '131',
      os: 'Windows',
    });
    expect(parseUserAgent('Mozilla/5.0 (X11; Linux x86_64) Gecko')).toEqual({
      browser: null,
      browser_version: null,
      os: 'Linux',
    });
    expect(parseUserAgent('curl/8.5.0')).toEqual({
      browser: null,
      browser_version: null,
      os: null,
    });
  });
});
