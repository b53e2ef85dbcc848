import { useId } from 'react';
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
  const reasonId = useId();
  // The label and, for a guest, the reason on a line of its own: named by the one and described
  // by the other, so neither eyes nor a screen reader get "messageOnly registered…" as one run.
  return (
    <Dropdown.Item
      as="button"
      disabled={guest}
      aria-label={guest ? t('write') : undefined}
      aria-describedby={guest ? reasonId : undefined}
      onClick={() => {
        settle(startConversation(userId));
        onDone?.();
      }}
      className={guest ? 'write-private-disabled' : undefined}
      data-testid="user-write-private"
    >
      <span className="d-flex align-items-center">
        <ImIcon size={15} className="me-2 flex-shrink-0" />
        {t('write')}
      </span>
      {guest && (
        <span
          id={reasonId}
          className="d-block small text-body-secondary text-wrap mt-1"
          data-testid="user-write-private-reason"
        >
          {t('guestOnly')}
        </span>
      )}
    </Dropdown.Item>
  );
}
