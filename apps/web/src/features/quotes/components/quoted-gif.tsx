import type { Gif } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { gifBox } from '../../gifs/gif-box';

/**
 * A kept GIF message's picture, in the chat's box. Not the chat's GifView: that one names the
 * GIF by its category from the GIF picker's store, and sharing it made the bundler split the
 * home page's first paint into 13 more files, 4 KB over its budget (check-bundle-size.mjs).
 */
export function QuotedGif({ gif }: { gif: Gif }) {
  const { t } = useTranslation('uploads');
  const box = gifBox(gif);
  return (
    <img
      className="chat-gif"
      src={gif.url}
      alt={t('gifs.button')}
      width={box.width}
      height={box.height}
      loading="lazy"
      decoding="async"
      data-testid="message-gif"
    />
  );
}
