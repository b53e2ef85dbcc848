import type { ChatMessage, Reaction } from '@chat/shared';
import { useRef, useState } from 'react';
import { Dropdown, Overlay, Popover } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  AtIcon,
  ClockIcon,
  EditIcon,
  MoreIcon,
  QuoteIcon,
  ReplyIcon,
  SmilePlusIcon,
  TrashIcon,
} from '../../../../shared/ui/icons';
import { WritePrivateItem } from '../../../im/components/write-private-item';
import { ReportMenuItem } from '../../../complaints/components/report-item';
import { SanctionButton } from '../../../sanctions/components/sanction-button';
import { ReactionPicker } from './reaction-picker';

/** What the viewer may do with one message (spec section 6; worked out by the list). */
export interface MessagePermissions {
  canQuote: boolean;
  /** Answer it with a quote of it (the composer's reply bar). */
  canReply: boolean;
  /** My own message, within the edit window. */
  canEdit: boolean;
  canMention: boolean;
  canDeleteForMe: boolean;
  canDeleteForEveryone: boolean;
  /** An edited message, for staff with `message.edits`: its earlier texts. */
  canSeeEdits: boolean;
}

export interface MessageHandlers {
  onReact: (message: ChatMessage, reaction: Reaction) => void;
  onMention: (message: ChatMessage) => void;
  onQuote: (message: ChatMessage) => void;
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  /** A click on a reply's quote: scroll to the original (`from` is the quote's element). */
  onJumpTo: (id: number, from: HTMLElement) => void;
  onDeleteForMe: (message: ChatMessage) => void;
  /** Asks first: the list shows one confirmation for all messages. */
  onDeleteForEveryone: (message: ChatMessage) => void;
  /** The list shows one edit history dialog; `from` gets the focus back when it closes. */
  onShowEdits: (message: ChatMessage, from: HTMLElement | null) => void;
}

interface MessageToolbarProps {
  message: ChatMessage;
  permissions: MessagePermissions;
  quoted: boolean;
  myReactions: ReadonlySet<Reaction>;
  handlers: MessageHandlers;
  /** Tells the item to keep the bar visible while a menu of it is open. */
  onOpenChange: (open: boolean) => void;
}

export function MessageToolbar(props: MessageToolbarProps) {
  const { message, permissions, quoted, myReactions, handlers, onOpenChange } = props;
  const { t } = useTranslation('chat');
  const reactRef = useRef<HTMLButtonElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const [picking, setPicking] = useState(false);
  const id = message.id;
  const setPicker = (open: boolean) => {
    setPicking(open);
    onOpenChange(open);
  };
  // Someone else's message (the same rule as a mention) offers a private conversation too.
  const hasMenu =
    permissions.canQuote ||
    permissions.canEdit ||
    permissions.canMention ||
    permissions.canDeleteForMe ||
    permissions.canDeleteForEveryone ||
    permissions.canSeeEdits;

  return (
    <div className="chat-toolbar" role="toolbar" aria-label={t('messages.actions')}>
      <button
        ref={reactRef}
        type="button"
        className="chat-toolbar-btn"
        aria-label={t('messages.react')}
        title={t('messages.react')}
        aria-expanded={picking}
        onClick={() => setPicker(!picking)}
        data-testid={`message-react-${id}`}
      >
        <SmilePlusIcon size={17} />
      </button>
      <Overlay
        target={reactRef}
        show={picking}
        placement="top-end"
        rootClose
        onHide={() => setPicker(false)}
      >
        <Popover
          className="chat-popover"
          id={`reactions-${id}`}
          onKeyDown={(event) => {
            // Escape closes the picker and gives the focus back to its button.
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            setPicker(false);
            reactRef.current?.focus();
          }}
        >
          <ReactionPicker
            messageId={id}
            mine={myReactions}
            onPick={(reaction) => {
              setPicker(false);
              reactRef.current?.focus();
              handlers.onReact(message, reaction);
            }}
          />
        </Popover>
      </Overlay>
      {permissions.canReply && (
        <button
          type="button"
          className="chat-toolbar-btn"
          aria-label={t('reply.action')}
          title={t('reply.action')}
          onClick={() => handlers.onReply(message)}
          data-testid={`message-reply-${id}`}
        >
          <ReplyIcon size={17} />
        </button>
      )}
      {permissions.canMention && (
        <button
          type="button"
          className="chat-toolbar-btn"
          aria-label={t('messages.mention', { nick: message.user.nick.nick })}
          title={t('messages.mention', { nick: message.user.nick.nick })}
          onClick={() => handlers.onMention(message)}
          data-testid={`message-mention-${id}`}
        >
          <AtIcon size={17} />
        </button>
      )}
      {permissions.canMention && (
        <SanctionButton
          userId={message.user.id}
          nick={message.user.nick.nick}
          messageId={id}
          messageText={message.text}
          className="chat-toolbar-btn"
          testId={`message-sanction-${id}`}
          size={17}
        />
      )}
      {hasMenu && (
        <Dropdown align="end" onToggle={onOpenChange}>
          <Dropdown.Toggle
            ref={moreRef}
            as="button"
            type="button"
            className="chat-toolbar-btn no-caret"
            aria-label={t('header.more')}
            title={t('header.more')}
            data-testid={`message-more-${id}`}
          >
            <MoreIcon size={17} />
          </Dropdown.Toggle>
          <Dropdown.Menu
            className="shadow-sm border-0 chat-menu"
            popperConfig={{ strategy: 'fixed' }}
          >
            {permissions.canMention && <WritePrivateItem userId={message.user.id} />}
            {permissions.canEdit && (
              <Dropdown.Item
                as="button"
                onClick={() => handlers.onEdit(message)}
                data-testid={`message-edit-${id}`}
              >
                <EditIcon size={15} className="me-2" />
                {t('reply.edit')}
              </Dropdown.Item>
            )}
            {permissions.canQuote && (
              <Dropdown.Item
                as="button"
                onClick={() => handlers.onQuote(message)}
                data-testid={`message-quote-${id}`}
                aria-pressed={quoted}
              >
                <QuoteIcon size={15} className="me-2" />
                {quoted ? t('messages.unquote') : t('messages.quote')}
              </Dropdown.Item>
            )}
            {permissions.canDeleteForMe && (
              <Dropdown.Item
                as="button"
                onClick={() => handlers.onDeleteForMe(message)}
                data-testid={`message-delete-me-${id}`}
              >
                <TrashIcon size={15} className="me-2" />
                {t('messages.deleteForMe')}
              </Dropdown.Item>
            )}
            {permissions.canSeeEdits && (
              <Dropdown.Item
                as="button"
                onClick={() => handlers.onShowEdits(message, moreRef.current)}
                data-testid={`message-edits-${id}`}
              >
                <ClockIcon size={15} className="me-2" />
                {t('messages.editHistory')}
              </Dropdown.Item>
            )}
            {permissions.canMention && (
              <ReportMenuItem
                subject={{ type: 'message', id: message.id }}
                ownerId={message.user.id}
              />
            )}
            {permissions.canDeleteForEveryone && (
              <Dropdown.Item
                as="button"
                className="text-danger"
                onClick={() => handlers.onDeleteForEveryone(message)}
                data-testid={`message-delete-all-${id}`}
              >
                <TrashIcon size={15} className="me-2" />
                {t('messages.deleteForEveryone')}
              </Dropdown.Item>
            )}
          </Dropdown.Menu>
        </Dropdown>
      )}
    </div>
  );
}
