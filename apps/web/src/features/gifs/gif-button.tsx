import type { Gif } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { PickerButton } from '../composer/picker-button';
import { GifPicker } from './gif-picker';

/** The GIF button beside the smileys; picking a GIF sends it at once and closes the picker. */
export function GifButton({ onPick }: { onPick: (gif: Gif) => void }) {
  const { t } = useTranslation('uploads');
  return (
    <PickerButton
      label={t('gifs.open')}
      className="gif-toggle"
      testId="gif-button"
      popoverId="gif-picker"
      popoverClassName="chat-popover gif-popover"
      face={<span className="gif-toggle-label">{t('gifs.button')}</span>}
    >
      {(close) => (
        <GifPicker
          onPick={(gif) => {
            close();
            onPick(gif);
          }}
        />
      )}
    </PickerButton>
  );
}
