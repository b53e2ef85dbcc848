import { cloneElement, type ReactElement, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A translated text whose `<name>…</name>` parts become `elements[name]` holding that part: what
 * react-i18next's Trans does for flat tags, without its HTML parser in the first-paint bundle.
 * Tags do not nest; interpolated values must not contain angle brackets (nicks cannot).
 */
export function TaggedText({
  text,
  elements,
}: {
  text: string;
  elements: Record<string, ReactElement>;
}) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner] = match;
    parts.push(text.slice(last, match.index));
    const element = elements[name];
    parts.push(element ? cloneElement(element, { key: match.index }, inner) : inner);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
