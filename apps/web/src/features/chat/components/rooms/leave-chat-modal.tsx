import { useTranslation } from 'react-i18next';
import { useChatActions } from '../chat-context';
import { ConfirmModal } from '../common/confirm-modal';

/** "Leave the chat?": it takes the user out of every room at once, so it is asked first. */
export function LeaveChatModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation('chat');
  const actions = useChatActions();
  return (
    <ConfirmModal
      show={show}
      title={t('leave.title')}
      confirmLabel={t('leave.confirm')}
      cancelLabel={t('leave.cancel')}
      onConfirm={() => actions.leaveChat()}
      onHide={onHide}
      testId="leave-chat"
    >
      {t('leave.text')}
    </ConfirmModal>
  );
}
