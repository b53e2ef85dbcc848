import { tokenizeSmileys, type SmileyDictionary } from '@chat/shared';
import { memo } from 'react';

interface MessageTextProps {
  text: string;
  dictionary: SmileyDictionary;
}

/**
 * A message's text as React text nodes plus <img> for known smiley tags. Nothing is ever parsed
 * as HTML: React escapes the text, so `<img onerror=…>` typed by a user stays visible text.
 * Isolated in a <bdi>: its direction never spills onto the nick or the time beside it.
 */
export const MessageText = memo(function MessageText({ text, dictionary }: MessageTextProps) {
  const tokens = tokenizeSmileys(text, dictionary);
  return (
    <bdi>
      {tokens.map((token, index) =>
        token.type === 'text' ? (
          token.text
        ) : (
          <img
            // Tokens never reorder within one text, so the index is a stable key here.
            key={index}
            className="chat-smiley"
            src={token.file}
            alt={`-${token.tag}-`}
            title={`-${token.tag}-`}
            width={24}
            height={24}
            loading="lazy"
            draggable={false}
          />
        ),
      )}
    </bdi>
  );
});
