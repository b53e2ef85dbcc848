import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** The largest picture taken from another site, and how long it may take. */
const MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/**
 * Fetches a picture another site named (a provider's avatar URL) without letting that URL
 * reach into our own network: https only, every hop's host must resolve to public addresses,
 * redirects are followed by hand so each is checked, and the body is cut at MAX_BYTES. An
 * origin in `trusted` (a provider the site itself configured, such as a local test provider)
 * may be plain http on any address. Answers null when anything is off.
 */
export async function fetchPublicPicture(
  address: string,
  trusted: ReadonlySet<string> = new Set(),
): Promise<Buffer | null> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (!(await allowed(url, trusted))) return null;
    const response = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: 'image/*' },
    }).catch(() => null);
    if (!response) return null;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    if (!response.ok || !response.body) return null;
    return readCapped(response.body);
  }
  return null;
}

async function allowed(url: URL, trusted: ReadonlySet<string>): Promise<boolean> {
  if (trusted.has(url.origin)) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  return (
    addresses.length > 0 &&
    addresses.every((a) => {
      const parsed = ipaddr.process(a);
      return parsed.range() === 'unicast';
    })
  );
}

async function readCapped(body: ReadableStream<Uint8Array>): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_BYTES) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
