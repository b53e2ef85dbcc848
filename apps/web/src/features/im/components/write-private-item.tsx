import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { settle } from '../../../lib/settle';
import { useCan } from '../../session/permissions';
import { startConversation } from '../start-conversation';
import { ImIcon } from './im-icon';

/**
 * "Write a private message" for a menu about someone. A guest sees it disabled with the spec's
 * reason, so the feature is discoverable and the rule is said where it applies.
 */
export function WritePrivateItem({ userId, onDone }: { userId: number; onDone?: () => void }) {
  // onDone: the caller's "back to the messages" (the phone's drawer closes, or its focus trap
  // would keep the dock's box from being typed in).
  const { t } = useTranslation('im');
  const guest = !useCan('im.send');
  return (
    <Dropdown.Item
      as="button"
      disabled={guest}
      title={guest ? t('guestOnly') : undefined}
      onClick={() => {
        settle(startConversation(userId));
        onDone?.();
      }}
      data-testid="user-write-private"
    >
      <ImIcon size={15} className="me-2" />
      {t('write')}
      {guest && <span className="d-block small text-body-secondary">{t('guestOnly')}</span>}
    </Dropdown.Item>
  );
}
