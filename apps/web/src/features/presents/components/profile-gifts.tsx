import type { PublicUser, SentGift } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { formatDate } from '../../profiles/format';
import { profilePath } from '../../profiles/links';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { agreeWith } from '../../../i18n/gender';
import { TaggedText } from '../../../lib/tagged-text';
import { GiftActions } from './gift-actions';

/** The sender's styled nick as a link (the translated text's `<nick>` part; its text unused). */
function SenderLink({ sender }: { sender: PublicUser; children?: unknown }) {
  const locale = useLocale();
  return (
    <Link to={profilePath(locale, sender.slug)}>
      <StyledNick nick={sender.nick} />
    </Link>
  );
}

interface Props {
  gifts: readonly SentGift[];
  /** The viewer is the recipient: a private gift is marked "only you see this". */
  isSelf: boolean;
}

/**
 * A profile's gifts: picture, name, who sent it ("Anonymous" when the server hides the sender),
 * the words as typed (text nodes, never markup) and the date. The server leaves out what the
 * viewer may not see (others' private gifts, anonymous senders).
 */
export function ProfileGifts({ gifts, isSelf }: Props) {
  const { t } = useTranslation(['presents', 'profiles']);
  const locale = useLocale();
  if (gifts.length === 0) {
    return (
      <p className="text-body-secondary small mb-0" data-testid="profile-no-gifts">
        {t('profiles:profile.noGifts')}
      </p>
    );
  }
  return (
    <ul className="presents-received list-unstyled mb-0" data-testid="profile-gifts">
      {gifts.map((sent) => (
        <li
          key={sent.id}
          className="presents-received-item"
          data-testid={`profile-gift-${sent.id}`}
        >
          <img src={sent.gift.image} alt={sent.gift.name} className="presents-received-image" />
          <div className="presents-received-text">
            <div className="small">
              <span className="fw-medium">{sent.gift.name}</span>{' '}
              <span className="text-body-secondary" data-testid="gift-sender">
                {sent.sender ? (
                  // "подарил Bob", "подарила Марина": the verb agrees, the nick is not declined.
                  <TaggedText
                    text={t('profile.sentBy', {
                      nick: sent.sender.nick.nick,
                      ...agreeWith(sent.sender),
                    })}
                    elements={{ nick: <SenderLink sender={sent.sender} /> }}
                  />
                ) : (
                  t('profile.anonymous')
                )}
              </span>
              {sent.sender && sent.anonymous && (
                <span className="badge text-bg-light ms-1" data-testid="gift-anonymous-mark">
                  {t('profile.sentAnonymously')}
                </span>
              )}
            </div>
            {sent.text && (
              <p className="presents-received-words mb-0" data-testid="gift-text">
                {sent.text}
              </p>
            )}
            {sent.text_removed && (
              <p className="small text-body-secondary mb-0" data-testid="gift-text-removed">
                {t('profile.textRemoved')}
              </p>
            )}
            <div className="small text-body-secondary">
              <time dateTime={sent.created_at}>{formatDate(sent.created_at, locale)}</time>
              {sent.private && (
                <span className="ms-2" data-testid="gift-private-mark">
                  {isSelf ? t('profile.onlyYou') : t('profile.private')}
                </span>
              )}
              {sent.hidden && (
                <span className="ms-2" data-testid="gift-hidden-mark">
                  {t('profile.hiddenMark')}
                </span>
              )}
            </div>
            <GiftActions sent={sent} />
          </div>
        </li>
      ))}
    </ul>
  );
}
