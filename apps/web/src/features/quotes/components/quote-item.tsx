import { MESSAGE_TYPE, type Quote, type SmileyDictionary } from '@chat/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { MessageText } from '../../../shared/ui/message-text';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { When } from '../../../shared/ui/when';
import { useLiveAuthor } from '../../../shared/users/user-cache';
import { QuotedGif } from './quoted-gif';
import { profilePath } from '../../profiles/links';
import { AttachmentGrid } from '../../uploads';
import { KeepButton } from './keep-button';

interface QuoteItemProps {
  quote: Quote;
  dictionary: SmileyDictionary;
  canKeep: boolean;
  busy: boolean;
  onToggle: (quote: Quote) => void;
}

/**
 * One kept message as it was said: the words (smileys and pictures as the chat shows them),
 * then who said it with their nick's style, where and when, and how many keep it.
 */
export const QuoteItem = memo(function QuoteItem({
  quote,
  dictionary,
  canKeep,
  busy,
  onToggle,
}: QuoteItemProps) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  const message = useLiveAuthor(quote.message);
  const author = (
    <Link
      to={profilePath(locale, message.user.slug)}
      className="quote-author text-decoration-none"
      data-testid="quote-author"
    >
      <StyledNick nick={message.user.nick} />
    </Link>
  );
  return (
    <li
      className="quote-item"
      id={`message-${message.id}`}
      data-testid="quote"
      data-message-id={message.id}
    >
      <figure className="quote-figure mb-0">
        <blockquote className="quote-text" data-testid="quote-text">
          {/* "/me waves" reads "* Nick waves", as in the chat. */}
          {message.type_id === MESSAGE_TYPE.action && <>* {author} </>}
          <MessageText text={message.text} dictionary={dictionary} />
          {(message.gif || message.attachments.length > 0) && (
            // The chat's own media: its GIF, its pictures opening the viewer.
            <div className="chat-message-media">
              {message.gif && <QuotedGif gif={message.gif} />}
              {message.attachments.length > 0 && (
                <AttachmentGrid attachments={message.attachments} />
              )}
            </div>
          )}
        </blockquote>
        <figcaption className="quote-meta">
          <UserAvatar user={message.user} size={28} />
          {author}
          <span className="quote-room" data-testid="quote-room">
            {t('inRoom', { room: quote.room.name })}
          </span>
          <span className="quote-when">
            <When iso={message.created_at} />
          </span>
        </figcaption>
      </figure>
      <div className="quote-actions">
        <span className="quote-count" data-testid="quote-count">
          {t('keptBy', { count: quote.quoted_count })}
        </span>
        <KeepButton
          kept={quote.quoted}
          allowed={canKeep}
          busy={busy}
          onToggle={() => onToggle(quote)}
        />
      </div>
    </li>
  );
});
