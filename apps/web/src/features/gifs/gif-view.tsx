import type { Gif } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';
import { gifBox } from './gif-box';
import { useGifName } from './store';

/** A GIF message's picture (`message.gif`), loaded when scrolled near. */
export function GifView({ gif }: { gif: Gif }) {
  const { t } = useTranslation('uploads');
  const box = gifBox(gif);
  const name = useGifName()(gif, useLocale());
  return (
    <img
      className="chat-gif"
      src={gif.url}
      alt={name === null ? t('gifs.button') : t('gifs.gif', { title: name })}
      width={box.width}
      height={box.height}
      loading="lazy"
      decoding="async"
      data-testid="message-gif"
    />
  );
}
