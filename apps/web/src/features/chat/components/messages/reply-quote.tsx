import type { ReplyQuote } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { ReplyIcon } from '../../../../shared/ui/icons';
import { useChat } from '../chat-context';

/**
 * What a reply answers, above its text: the author and first words of the original, a button
 * that scrolls to it; "message unavailable" when the reader may not see it (deleted, removed), or
 * chose not to: the server sends an ignored person's words and the list hides them, so the quote
 * hides them too.
 */
export function ReplyQuoteView({
  quote,
  onJump,
}: {
  quote: ReplyQuote;
  /** The quote's element: the list it is in is where the original is looked for. */
  onJump: (id: number, from: HTMLElement) => void;
}) {
  const { t } = useTranslation('chat');
  const ignored = useChat((s) => quote.user !== null && s.ignoredUsers.has(quote.user.id));
  if (quote.deleted === true || quote.user === null || ignored)
    return (
      <div className="chat-reply-quote is-unavailable" data-testid="reply-quote">
        <ReplyIcon size={13} className="chat-reply-quote-icon" />
        {t('reply.unavailable')}
      </div>
    );
  return (
    <button
      type="button"
      className="chat-reply-quote"
      onClick={(event) => onJump(quote.id, event.currentTarget)}
      title={t('reply.jump')}
      data-testid="reply-quote"
      data-reply-to={quote.id}
    >
      <ReplyIcon size={13} className="chat-reply-quote-icon" />
      <bdi className="chat-reply-quote-nick">{quote.user.nick}</bdi>{' '}
      <bdi className="chat-reply-quote-text">{quote.text}</bdi>
    </button>
  );
}
