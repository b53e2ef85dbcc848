import type { Gif } from '@chat/shared';
import { useRef, useState } from 'react';
import { Overlay, Popover } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { GifPicker } from './gif-picker';

/** The GIF button beside the smileys; picking a GIF sends it at once and closes the picker. */
export function GifButton({
  onPick,
  disabled,
}: {
  onPick: (gif: Gif) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('uploads');
  const target = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        ref={target}
        type="button"
        className={`chat-composer-btn gif-toggle${open ? ' is-open' : ''}`}
        aria-label={t('gifs.title')}
        title={t('gifs.title')}
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
        data-testid="gif-button"
      >
        <span className="gif-toggle-label">{t('gifs.button')}</span>
      </button>
      <Overlay
        target={target}
        show={open}
        placement="top-start"
        rootClose
        onHide={() => setOpen(false)}
      >
        <Popover className="chat-popover gif-popover" id="gif-picker">
          <GifPicker
            onPick={(gif) => {
              setOpen(false);
              onPick(gif);
            }}
          />
        </Popover>
      </Overlay>
    </>
  );
}
