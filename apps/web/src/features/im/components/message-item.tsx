import type { ImMessage } from '@chat/shared';
import { memo } from 'react';
import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { MoreIcon, TrashIcon } from '../../../shared/ui/icons';
import { MessageText } from '../../../shared/ui/message-text';
import { useSmileyDictionary } from '../../chat/hooks/use-smileys';
import { clockTime } from '../../../shared/time-format';
import { AttachmentGrid } from '../../uploads';
import { Ticks } from './ticks';
import { ReportMenuItem } from '../../complaints/components/report-item';
import { useCan } from '../../session/permissions';

interface MessageItemProps {
  message: ImMessage;
  own: boolean;
  onDelete: (message: ImMessage) => void;
  onRestore: (message: ImMessage) => void;
}

/** One private message: mine on the right with ticks, theirs on the left; deleted as a note. */
export const MessageItem = memo(function MessageItem({
  message,
  own,
  onDelete,
  onRestore,
}: MessageItemProps) {
  const { t } = useTranslation('im');
  const locale = useLocale();
  const dictionary = useSmileyDictionary();
  const deleted = message.deleted === 1;
  const canReport = useCan('complaint.create');
  return (
    <li
      className={`im-message${own ? ' is-own' : ''}${deleted ? ' is-deleted' : ''}`}
      data-testid="im-message"
      data-message-id={message.id}
    >
      <div className="im-bubble">
        {deleted ? (
          <span className="im-deleted">
            <span data-testid="im-message-deleted">{t('message.deleted')}</span>
            {own && (
              <button
                type="button"
                className="btn btn-link btn-sm p-0 ms-2 align-baseline"
                onClick={() => onRestore(message)}
                data-testid="im-restore"
              >
                {t('message.restore')}
              </button>
            )}
          </span>
        ) : (
          <>
            {message.attachments.length > 0 && (
              <AttachmentGrid attachments={message.attachments} blurAdult />
            )}
            {message.text !== '' && (
              <span className="im-text" data-testid="im-message-text">
                <MessageText text={message.text} dictionary={dictionary} />
              </span>
            )}
          </>
        )}
        <span className="im-meta">
          <time dateTime={message.created_at}>{clockTime(message.created_at, locale)}</time>
          {own && !deleted && <Ticks read={message.read_at !== null} />}
        </span>
      </div>
      {(own || canReport) && !deleted && (
        <Dropdown align={own ? 'end' : 'start'} className="im-message-menu">
          <Dropdown.Toggle
            as="button"
            type="button"
            className="chat-icon-btn no-caret"
            aria-label={t('message.menu')}
            data-testid="im-message-menu"
          >
            <MoreIcon size={16} />
          </Dropdown.Toggle>
          <Dropdown.Menu className="shadow border-0 chat-menu" popperConfig={{ strategy: 'fixed' }}>
            {own ? (
              <Dropdown.Item as="button" onClick={() => onDelete(message)} data-testid="im-delete">
                <TrashIcon size={15} className="me-2" />
                {t('message.delete')}
              </Dropdown.Item>
            ) : (
              <ReportMenuItem
                subject={{ type: 'im_message', id: message.id }}
                ownerId={message.user.id}
              />
            )}
          </Dropdown.Menu>
        </Dropdown>
      )}
    </li>
  );
});
