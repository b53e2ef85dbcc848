import { useTranslation } from 'react-i18next';
import { PickerButton } from '../../../composer/picker-button';
import { SmileIcon } from '../../../../shared/ui/icons';
import { SmileyPicker } from './smiley-picker';

/** The smiley button of the message box and its picker; the picker stays open for several. */
export function SmileyButton({ onPick }: { onPick: (tag: string) => void }) {
  const { t } = useTranslation('chat');
  return (
    <PickerButton
      label={t('composer.smileys')}
      testId="smiley-button"
      popoverId="smiley-picker"
      popoverClassName="chat-popover chat-smiley-popover"
      face={<SmileIcon size={22} />}
    >
      {() => <SmileyPicker onPick={onPick} />}
    </PickerButton>
  );
}
