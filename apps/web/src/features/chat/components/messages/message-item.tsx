import {
  chatMessageAbilities,
  mayEditMessage,
  MESSAGE_TYPE,
  mentionsUser,
  type ChatMessage,
  type Locale,
  type Reaction,
  type SmileyDictionary,
} from '@chat/shared';
import { memo, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../shared/ui/user-avatar';
import { useLiveAuthor } from '../../../../shared/users/user-cache';
import type { Viewer } from '../../hooks/use-viewer';
import { MessageText } from '../../../../shared/ui/message-text';
import { MessageMedia } from './message-media';
import { NickButton } from './nick-button';
import { MessageReactions } from './message-reactions';
import { MessageTime } from './message-time';
import { ReplyQuoteView } from './reply-quote';
import { useChat } from '../chat-context';
import { MessageToolbar, type MessageHandlers, type MessagePermissions } from './message-toolbar';

export interface MessageItemProps {
  message: ChatMessage;
  /** Same author as the message above, shortly after: drawn without avatar and nick. */
  continued: boolean;
  viewer: Viewer;
  showTime: boolean;
  showAvatars: boolean;
  locale: Locale;
  dictionary: SmileyDictionary;
  quoted: boolean;
  handlers: MessageHandlers;
}

export function permissionsFor(
  message: ChatMessage,
  viewer: Viewer,
  authorIsTroll = false,
): MessagePermissions {
  // The server's answer carries my abilities; a message heard on the socket carries none (one
  // payload for the whole room), and the shared rule the server's policy follows answers then,
  // with the troll list staff are sent (a troll's message takes no public reply).
  const now = Date.now();
  const abilities =
    message.abilities ?? chatMessageAbilities(viewer, message, { now, authorIsTroll });
  return {
    canQuote: abilities.quote,
    canReply: abilities.reply,
    // What the answer allowed, while the edit window is still open now.
    canEdit: abilities.edit && mayEditMessage(viewer, message, now),
    canMention: message.user.id !== viewer.id,
    canDeleteForMe: abilities.delete_for_me,
    canDeleteForEveryone: abilities.delete_for_everyone,
    // Staff read what an edited message said before (by permission, never by role name).
    canSeeEdits: message.edited_at !== null && viewer.can('message.edits'),
  };
}

function myReactionsOf(message: ChatMessage, viewerId: number): Set<Reaction> {
  return new Set(message.reactions.filter((r) => r.user.id === viewerId).map((r) => r.reaction));
}

export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const { continued, viewer, showTime, showAvatars, locale, dictionary } = props;
  const message = useLiveAuthor(props.message);
  const authorIsTroll = useChat((s) => s.trolls.has(message.user.id));
  const { t } = useTranslation('chat');
  // On touch screens there is no hover: a tap on the message shows its actions.
  const [tapped, setTapped] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'touch') return;
    if ((event.target as Element).closest('button, a, input, textarea')) return;
    setTapped((value) => !value);
  };

  if (message.type_id === MESSAGE_TYPE.system) {
    return (
      <div
        className="chat-system"
        data-message-id={message.id}
        data-testid={`message-${message.id}`}
      >
        <MessageText text={message.text} dictionary={dictionary} />
      </div>
    );
  }

  const mentioned = message.user.id !== viewer.id && mentionsUser(message, viewer.id);
  const isAction = message.type_id === MESSAGE_TYPE.action;
  const classes = [
    'chat-message',
    continued ? 'is-continued' : '',
    mentioned ? 'is-mention' : '',
    tapped || menuOpen ? 'is-active' : '',
    showAvatars ? 'with-avatar' : '',
  ].filter(Boolean);

  return (
    <div
      className={classes.join(' ')}
      onPointerUp={onPointerUp}
      data-message-id={message.id}
      data-testid={`message-${message.id}`}
    >
      {showAvatars && (
        <div className="chat-message-avatar">
          {!continued && <UserAvatar user={message.user} size={36} />}
          {continued && showTime && <MessageTime iso={message.created_at} locale={locale} />}
        </div>
      )}
      <div className="chat-message-main">
        {!continued && !isAction && (
          <div className="chat-message-head">
            <NickButton
              user={message.user}
              roomId={message.room_id}
              className="chat-message-nick"
            />
            {showTime && <MessageTime iso={message.created_at} locale={locale} />}
            {mentioned && <span className="visually-hidden">{t('messages.mentioned')}</span>}
          </div>
        )}
        {message.reply_to && (
          <ReplyQuoteView quote={message.reply_to} onJump={props.handlers.onJumpTo} />
        )}
        <div className={`chat-message-text${isAction ? ' is-action' : ''}`}>
          {showTime && (isAction ? !(continued && showAvatars) : continued && !showAvatars) && (
            <MessageTime iso={message.created_at} locale={locale} />
          )}
          {/* "/me waves" reads "* Nick waves": the author's styled nick inside the line. */}
          {isAction && (
            <>
              <span aria-hidden="true">* </span>
              <NickButton
                user={message.user}
                roomId={message.room_id}
                className="chat-action-nick"
              />{' '}
              {mentioned && <span className="visually-hidden">{t('messages.mentioned')}</span>}
            </>
          )}
          <MessageText text={message.text} dictionary={dictionary} />
          {message.edited_at && (
            <span
              className="chat-message-edited"
              title={t('reply.editedAt', {
                time: new Date(message.edited_at).toLocaleString(locale),
              })}
              data-testid={`message-edited-${message.id}`}
            >
              {t('reply.edited')}
            </span>
          )}
        </div>
        <MessageMedia message={message} />
        <MessageReactions
          message={message}
          viewerId={viewer.id}
          onToggle={(reaction) => props.handlers.onReact(message, reaction)}
        />
      </div>
      <MessageToolbar
        message={message}
        permissions={permissionsFor(message, viewer, authorIsTroll)}
        quoted={props.quoted}
        myReactions={myReactionsOf(message, viewer.id)}
        handlers={props.handlers}
        onOpenChange={setMenuOpen}
      />
    </div>
  );
});
