import { Fragment } from 'react';

/** One run of a snippet: plain text, or words the search matched. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text an escaped run stands for; an entity it does not know stays as written. */
export function unescapeEntities(escaped: string): string {
  return escaped.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      // Lone surrogates and out-of-range code points would throw: keep the entity's text.
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : entity;
    }
    return NAMED[body.toLowerCase()] ?? entity;
  });
}

/**
 * The server's snippet (escaped text, the matched words in `<mark>`; API.md "Search") as runs of
 * plain text. Only the exact `<mark>` and `</mark>` tags are markup: anything else that looks
 * like a tag was escaped by the server and shows as the text it is.
 */
export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (escaped: string, marked: boolean) => {
    if (escaped !== '') parts.push({ text: unescapeEntities(escaped), marked });
  };
  const pattern = /<mark>([\s\S]*?)<\/mark>/g;
  let at = 0;
  for (const match of snippet.matchAll(pattern)) {
    push(snippet.slice(at, match.index), false);
    push(match[1] ?? '', true);
    at = match.index + match[0].length;
  }
  push(snippet.slice(at), false);
  return parts;
}

/** A snippet as React text and `<mark>` elements: never HTML set from a string. */
export function Snippet({ snippet }: { snippet: string }) {
  return (
    <>
      {parseSnippet(snippet).map((part, i) =>
        part.marked ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>,
      )}
    </>
  );
}
