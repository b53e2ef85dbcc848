import { useTranslation } from 'react-i18next';
import { CloseIcon, EditIcon, ReplyIcon } from '../../../../shared/ui/icons';
import { useReplyEditStore } from '../../hooks/reply-edit-store';

/**
 * Above the composer: the message the next one answers ("Reply to Anna: …"), or the message
 * being edited. × (or Escape in the box) cancels; an edit then gives the draft back.
 */
export function ReplyBar({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat');
  const quote = useReplyEditStore((s) => s.replyTo[roomId]);
  const editing = useReplyEditStore((s) => s.editing[roomId]);
  if (!quote && !editing) return null;
  const cancel = () => {
    const store = useReplyEditStore.getState();
    if (editing) store.endEdit(roomId);
    else store.cancelReply(roomId);
  };
  return (
    <div className="chat-reply-bar" data-testid="reply-bar">
      {editing ? (
        <EditIcon size={16} className="chat-reply-bar-icon" />
      ) : (
        <ReplyIcon size={16} className="chat-reply-bar-icon" />
      )}
      <div className="chat-reply-bar-body">
        {editing ? (
          <span className="chat-reply-bar-title">{t('reply.editing')}</span>
        ) : (
          <span className="chat-reply-bar-title">
            {t('reply.to')} <bdi>{quote?.user?.nick}</bdi>
          </span>
        )}
        <bdi className="chat-reply-bar-text">{editing ? editing.message.text : quote?.text}</bdi>
      </div>
      <button
        type="button"
        className="chat-reply-bar-close"
        onClick={cancel}
        aria-label={editing ? t('reply.cancelEdit') : t('reply.cancel')}
        title={editing ? t('reply.cancelEdit') : t('reply.cancel')}
        data-testid="reply-bar-cancel"
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
