/**
 * Sends the browser to a payment page (the provider's, or the test provider's on this server).
 * Only http(s) addresses: a `javascript:` URL from a broken answer must not run here.
 */
export function leaveFor(url: string): boolean {
  let target: URL;
  try {
    target = new URL(url, window.location.href);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  window.location.assign(target.href);
  return true;
}

/** The same check for a link's href: null when the address is not one to follow. */
export function safePayUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const target = new URL(url, window.location.href);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}
