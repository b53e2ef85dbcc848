import type { Gif } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';
import { useGifName } from './store';

const MAX_WIDTH = 260;
const MAX_HEIGHT = 220;

/** The box a GIF is drawn in: its own size, scaled down to fit, so that nothing jumps. */
export function gifBox(gif: Pick<Gif, 'width' | 'height'>): { width: number; height: number } {
  const scale = Math.min(
    1,
    MAX_WIDTH / Math.max(gif.width, 1),
    MAX_HEIGHT / Math.max(gif.height, 1),
  );
  return { width: Math.round(gif.width * scale), height: Math.round(gif.height * scale) };
}

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
