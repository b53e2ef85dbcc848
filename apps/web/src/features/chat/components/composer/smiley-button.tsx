import { useRef, useState } from 'react';
import { Overlay, Popover } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SmileIcon } from '../common/icons';
import { SmileyPicker } from './smiley-picker';

/** The smiley button of the message box and its picker; the picker stays open for several. */
export function SmileyButton({ onPick }: { onPick: (tag: string) => void }) {
  const { t } = useTranslation('chat');
  const target = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        ref={target}
        type="button"
        className={`chat-composer-btn${open ? ' is-open' : ''}`}
        aria-label={t('composer.smileys')}
        title={t('composer.smileys')}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="smiley-button"
      >
        <SmileIcon size={22} />
      </button>
      <Overlay
        target={target}
        show={open}
        placement="top-start"
        rootClose
        onHide={() => setOpen(false)}
      >
        <Popover className="chat-popover chat-smiley-popover" id="smiley-picker">
          <SmileyPicker onPick={onPick} />
        </Popover>
      </Overlay>
    </>
  );
}
