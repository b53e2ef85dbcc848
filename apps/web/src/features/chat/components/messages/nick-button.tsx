import type { MessageUser } from '@chat/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Overlay, Popover } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../../shared/hooks/use-media-query';
import { ChatNick } from '../common/chat-nick';
import { useChat } from '../chat-context';
import { ProfileCardModal, UserCardBody } from '../users/profile-card-modal';
import { usePersonSlots } from '../users/person-slots';
import { UserCardActions } from '../users/user-card-actions';

/** Below Bootstrap's sm breakpoint the card is the modal; a popover would not fit. */
const PHONE_QUERY = '(max-width: 575.98px)';

interface NickButtonProps {
  user: MessageUser;
  roomId: number;
  className: string;
}

/**
 * A message's nick that opens a small card about its author: a popover beside the nick on a
 * wide screen, the card's modal on a phone. The card holds what the user list's menu offers
 * (mention, private message, ignore, sanctions for moderators) and the way to the profile.
 *
 * Out of the Tab order: a message list would gain a stop per message, which the list's one
 * toolbar avoids; the same actions are a Tab away in the user list and the message's toolbar.
 */
export function NickButton({ user, roomId, className }: NickButtonProps) {
  const { t } = useTranslation('chat');
  const phone = useMediaQuery(PHONE_QUERY, false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const cardId = useId();
  const [open, setOpen] = useState(false);
  const [sanctioning, setSanctioning] = useState(false);
  const slots = usePersonSlots();
  // Their entry in the room, while the card is open: state, status, frame and premium.
  const entry = useChat((s) =>
    open
      ? (s.rooms.rooms.find((r) => r.id === roomId)?.users.find((u) => u.user.id === user.id) ??
        null)
      : null,
  );
  const cardUser = entry?.user ?? user;
  const nick = user.nick.nick;

  const close = () => {
    // Escape or an action inside the card: the focus goes back where the card came from.
    const inCard = document.activeElement?.closest(`[data-card="${cardId}"], .modal`);
    setOpen(false);
    if (inCard) buttonRef.current?.focus();
  };
  const actions = (
    <UserCardActions
      user={cardUser}
      roomId={roomId}
      onDone={close}
      onSanction={() => {
        setOpen(false);
        setSanctioning(true);
      }}
    />
  );

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        tabIndex={-1}
        className="chat-nick-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="message-nick"
      >
        <ChatNick nick={user.nick} className={className} />
      </button>
      {phone ? (
        <ProfileCardModal
          entry={entry}
          user={open ? cardUser : null}
          onHide={close}
          actions={actions}
          testId="nick-card"
        />
      ) : (
        // Above the nick first: the newest messages, the ones clicked most, are at the bottom.
        <Overlay target={buttonRef} show={open} placement="top-start" flip rootClose onHide={close}>
          <Popover
            id={cardId}
            role="dialog"
            aria-label={t('nickCard.label', { nick })}
            className="chat-popover nick-card shadow"
            data-testid="nick-card"
          >
            <FocusOnOpen cardId={cardId}>
              <UserCardBody user={cardUser} entry={entry} onHide={close} actions={actions} />
            </FocusOnOpen>
          </Popover>
        </Overlay>
      )}
      {sanctioning && slots?.sanctionDialog({ userId: user.id, nick }, () => setSanctioning(false))}
    </>
  );
}

/** The card takes the focus as it opens, so that a keyboard or a screen reader is in it. */
function FocusOnOpen({ cardId, children }: { cardId: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="popover-body nick-card-body" data-card={cardId}>
      {children}
    </div>
  );
}
