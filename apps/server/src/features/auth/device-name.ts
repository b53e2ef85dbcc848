import type { DeviceParts } from '@chat/shared';

/**
 * Names a device from its user agent for the security page and the new sign-in notice: the
 * browser, its major version and the system, each null when not recognised, for the web to
 * say in the reader's language (a notice is stored once, before anyone reads it in a
 * language). A small parser for the browsers and systems people actually use.
 *
 * Order matters: Chromium-based browsers (Edge, Opera, Yandex, Samsung) also say "Chrome",
 * and Chrome also says "Safari", so the more specific tokens are tried first.
 */
const BROWSERS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Edge', pattern: /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/ },
  { name: 'Opera', pattern: /\b(?:OPR|OPiOS|Opera)\/(\d+)/ },
  { name: 'Yandex Browser', pattern: /\bYaBrowser\/(\d+)/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/(\d+)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Chromium', pattern: /\bChromium\/(\d+)/ },
  // Automated and embedded Chromes (test runners, previews) say so in one word.
  { name: 'Headless Chrome', pattern: /\bHeadlessChrome\/(\d+)/ },
  { name: 'Chrome', pattern: /\b(?:Chrome|CriOS)\/(\d+)/ },
  // Safari's own version sits in "Version/x"; without it the engine number says nothing.
  { name: 'Safari', pattern: /\bVersion\/(\d+)[.\d]*(?: Mobile\/\w+)? Safari\// },
];

const SYSTEMS: readonly { name: string; pattern: RegExp }[] = [
  // iPadOS 13+ may claim to be a Mac; only the explicit tokens count here.
  { name: 'iOS', pattern: /\b(?:iPhone|iPad|iPod)\b/ },
  { name: 'Android', pattern: /\bAndroid\b/ },
  { name: 'Windows', pattern: /\bWindows\b/ },
  { name: 'macOS', pattern: /\bMac OS X\b|\bMacintosh\b/ },
  { name: 'Chrome OS', pattern: /\bCrOS\b/ },
  { name: 'Linux', pattern: /\bLinux\b|\bX11\b/ },
];

export function parseUserAgent(userAgent: string): DeviceParts {
  const ua = userAgent.slice(0, 512);
  let browser: string | null = null;
  let version: string | null = null;
  for (const { name, pattern } of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = name;
      version = match[1] ?? null;
      break;
    }
  }
  const os = SYSTEMS.find(({ pattern }) => pattern.test(ua))?.name ?? null;
  return { browser, browser_version: version, os };
}

/**
 * The English name other API clients get: "Chrome 131 on Windows", "Firefox 133",
 * "Unknown browser on Linux", "Unknown browser".
 */
export function deviceName(userAgent: string): string {
  const { browser, browser_version: version, os } = parseUserAgent(userAgent);
  const head = browser ? (version ? `${browser} ${version}` : browser) : 'Unknown browser';
  return os ? `${head} on ${os}` : head;
}
