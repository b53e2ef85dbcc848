import { useTranslation } from 'react-i18next';
import { settle } from '../../../../lib/settle';
import { useChatActions } from '../chat-context';

interface GuestsLineProps {
  /** How many people the list shows. */
  shown: number;
  /** The other guests in the room, listed or not. */
  guests: number;
  /** Guests the viewer's show_guests setting keeps off the list. */
  hiddenGuests: number;
}

/**
 * The list's honest counter: how many it shows and how many guests the setting hides (spec:
 * guests are hidden unless show_guests is on), with the way to show them, and once shown the
 * way to hide them again. Nothing when the room has no other guests.
 */
export function GuestsLine({ shown, guests, hiddenGuests }: GuestsLineProps) {
  const { t } = useTranslation('chat');
  const actions = useChatActions();
  if (guests === 0) return null;
  const setShown = (on: boolean) => settle(actions.updateSettings({ show_guests: on }));
  return (
    <p className="chat-users-guests" data-testid="guests-line">
      <span data-testid="users-shown">{t('users.shown', { count: shown })}</span>
      <span aria-hidden="true"> · </span>
      {hiddenGuests > 0 ? (
        <button
          type="button"
          className="chat-link-btn"
          onClick={() => setShown(true)}
          title={t('users.showGuests')}
          aria-label={t('users.showHiddenGuests', { count: hiddenGuests })}
          data-testid="show-guests"
        >
          {t('users.guestsHidden', { count: hiddenGuests })}
        </button>
      ) : (
        <button
          type="button"
          className="chat-link-btn"
          onClick={() => setShown(false)}
          data-testid="hide-guests"
        >
          {t('users.hideGuests')}
        </button>
      )}
    </p>
  );
}
