import { find } from 'linkifyjs';

export interface TextPart {
  readonly type: 'text';
  readonly text: string;
}

export interface LinkPart {
  readonly type: 'link';
  /** What the person wrote, shortened when long (the host and the end stay visible). */
  readonly text: string;
  /** The full URL; a bare domain gets https://. */
  readonly href: string;
  /** The full URL, and the host as the browser will ask for it when that differs (IDN). */
  readonly title: string;
}

export type LinkedPart = TextPart | LinkPart;

/** Longer links show their first and last characters around an ellipsis. */
export const LINK_TEXT_MAX = 64;
const LINK_HEAD = 44;
const LINK_TAIL = 16;

const SAFE_PROTOCOLS = new Set(['http:', 'https:']);

function shorten(text: string): string {
  const chars = [...text];
  if (chars.length <= LINK_TEXT_MAX) return text;
  return `${chars.slice(0, LINK_HEAD).join('')}…${chars.slice(-LINK_TAIL).join('')}`;
}

/** A link only to a web page: never javascript:, data:, file:, mailto: or any other scheme. */
function webUrl(href: string): URL | null {
  try {
    const url = new URL(href);
    return SAFE_PROTOCOLS.has(url.protocol) && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Splits user text into plain text and web links, as linkifyjs finds them. The text of a link is
 * shown as it was typed (a look-alike or punycode domain is not prettified); the title adds the
 * host the browser will really visit when it is an international one, so a look-alike shows.
 * Nothing here is HTML: the parts become React text and attributes, which React escapes.
 */
export function splitLinks(text: string): LinkedPart[] {
  const parts: LinkedPart[] = [];
  let last = 0;
  for (const match of find(text, 'url', { defaultProtocol: 'https' })) {
    const url = webUrl(match.href);
    if (url === null) continue;
    if (match.start > last) parts.push({ type: 'text', text: text.slice(last, match.start) });
    const typedHost = url.hostname === match.href.split('/')[2]?.split(':')[0]?.toLowerCase();
    parts.push({
      type: 'link',
      text: shorten(match.value),
      href: match.href,
      title: typedHost ? match.href : `${match.href} (${url.hostname})`,
    });
    last = match.end;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}
