import { isRegisteredRoles } from '@chat/shared';
import type { Profile } from '@chat/shared';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { useProfileActions, type ProfileAction } from '../use-profile-actions';
import { ReportButton } from '../../complaints/components/report-item';
import { SendCoinsButton } from '../../balance/components/send-coins-dialog';
import { SendGiftButton } from '../../presents/components/send-gift-button';
import { GivePremiumButton } from '../../premium/components/give-premium-button';

interface Props {
  profile: Profile;
  /** No session, or a guest's: they are told, not shown buttons that fail. */
  viewerIsGuest: boolean;
}

/** What the viewer can do on someone's profile; on their own, the way to edit it. */
export function ProfileActions({ profile, viewerIsGuest }: Props) {
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  if (profile.is_self) {
    return (
      <div className="profile-actions" data-testid="profile-actions">
        <Link
          to={localePath(locale, '/my/profile')}
          className="btn btn-primary"
          data-testid="profile-edit"
        >
          {t('profile.edit')}
        </Link>
      </div>
    );
  }
  if (viewerIsGuest) {
    return (
      <p
        className="profile-guest-note text-body-secondary small mb-0"
        data-testid="profile-guest-note"
      >
        {t('profile.guestOnly')}
      </p>
    );
  }
  return <MemberActions profile={profile} />;
}

function MemberActions({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles');
  const { run, pending } = useProfileActions(profile);
  const busy = pending !== null;
  const button = (action: ProfileAction, label: string, testId: string, variant: string) => (
    <Button
      variant={variant}
      size="sm"
      disabled={busy}
      onClick={() => run(action)}
      data-testid={testId}
    >
      {label}
    </Button>
  );
  const friendship = profile.friendship;
  return (
    <div className="profile-actions" data-testid="profile-actions">
      {friendship && (
        <p className="profile-friendship small mb-2" data-testid="profile-friendship">
          {t(`actions.status.${friendship}`)}
        </p>
      )}
      {profile.ignoring && (
        <p className="small text-body-secondary mb-2" data-testid="profile-ignoring">
          {t('actions.ignoring')}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        {button('write', t('actions.write'), 'profile-write', 'primary')}
        {friendship === null &&
          button('add', t('actions.addFriend'), 'friend-add', 'outline-primary')}
        {friendship === 'incoming' && (
          <>
            {button('add', t('actions.acceptRequest'), 'friend-accept', 'success')}
            {button('remove', t('actions.declineRequest'), 'friend-decline', 'outline-secondary')}
          </>
        )}
        {friendship === 'outgoing' &&
          button('remove', t('actions.cancelRequest'), 'friend-cancel', 'outline-secondary')}
        {friendship === 'friend' &&
          button('remove', t('actions.removeFriend'), 'friend-remove', 'outline-secondary')}
        {button(
          'ignore',
          profile.ignoring ? t('actions.unignore') : t('actions.ignore'),
          'profile-ignore',
          'outline-danger',
        )}
        <SendGiftButton recipient={profile.user} />
        {isRegisteredRoles(profile.user.roles) && <GivePremiumButton recipient={profile.user} />}
        <SendCoinsButton recipient={profile.user} />
        <ReportButton subject={{ type: 'user', id: profile.user.id }} ownerId={profile.user.id} />
      </div>
    </div>
  );
}
