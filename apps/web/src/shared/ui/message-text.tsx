import { tokenizeSmileys, type SmileyDictionary } from '@chat/shared';
import { Fragment, memo, type ReactNode } from 'react';
import { splitLinks } from './text-links';
import { useSmileyName } from './smiley-name';

interface MessageTextProps {
  text: string;
  dictionary: SmileyDictionary;
}

/** Plain text with its known smiley tags as images. */
function withSmileys(
  text: string,
  dictionary: SmileyDictionary,
  keyPrefix: string,
  name: (tag: string) => string,
): ReactNode[] {
  return tokenizeSmileys(text, dictionary).map((token, index) =>
    token.type === 'text' ? (
      token.text
    ) : (
      <img
        // Tokens never reorder within one text, so the position is a stable key here.
        key={`${keyPrefix}-${index}`}
        className="chat-smiley"
        src={token.file}
        alt={name(token.tag)}
        title={name(token.tag)}
        width={24}
        height={24}
        loading="lazy"
        draggable={false}
      />
    ),
  );
}

/**
 * A message's text as React text nodes, links to web pages (a new tab, nofollow: the site does
 * not vouch for what its users post) and <img> for known smiley tags outside links. Nothing is
 * ever parsed as HTML: React escapes the text, so `<img onerror=…>` typed by a user stays
 * visible text. Isolated in a <bdi>: its direction never spills onto the nick or the time.
 */
export const MessageText = memo(function MessageText({ text, dictionary }: MessageTextProps) {
  // A smiley reads as its name in the interface's language, not as its `-tag-`.
  const name = useSmileyName();
  return (
    <bdi>
      {splitLinks(text).map((part, index) =>
        part.type === 'text' ? (
          <Fragment key={index}>{withSmileys(part.text, dictionary, String(index), name)}</Fragment>
        ) : (
          <a
            key={index}
            className="text-link"
            href={part.href}
            title={part.title}
            target="_blank"
            rel="noopener nofollow ugc"
          >
            {part.text}
          </a>
        ),
      )}
    </bdi>
  );
});
