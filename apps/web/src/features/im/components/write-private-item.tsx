import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { settle } from '../../chat/components/common/settle';
import { useSessionStore } from '../../session/store';
import { startConversation } from '../start-conversation';

/**
 * "Write a private message" for a menu about someone. A guest sees it disabled with the spec's
 * reason, so the feature is discoverable and the rule is said where it applies.
 */
export function WritePrivateItem({ userId, onDone }: { userId: number; onDone?: () => void }) {
  // onDone: the caller's "back to the messages" (the phone's drawer closes, or its focus trap
  // would keep the dock's box from being typed in).
  const { t } = useTranslation('im');
  const guest = useSessionStore((s) => s.userData?.roles.includes('guest') ?? true);
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
      <svg width="15" height="15" viewBox="0 0 24 24" className="me-2" aria-hidden="true">
        <path
          d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      {t('write')}
      {guest && <span className="d-block small text-body-secondary">{t('guestOnly')}</span>}
    </Dropdown.Item>
  );
}
