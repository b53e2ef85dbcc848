import { isRegisteredRoles } from '@chat/shared';
import type { Profile } from '@chat/shared';
import type { ReactNode } from 'react';
import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CrownIcon } from '../../../shared/ui/premium-mark';
import { AvatarWithFrame } from '../../../shared/ui/avatar-with-frame';
import { ContentModeration } from './content-moderation';
import { ProfileActions } from './profile-actions';
import { ProfileDetails } from './profile-details';
import { ProfileFriends } from './profile-friends';
import { ProfileGifts } from '../../presents/components/profile-gifts';
import { ProfilePhotos } from './profile-photos';
import { ProfileRoleActions } from './profile-role-actions';
import { ProfileStats } from './profile-stats';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { useLiveProfile } from '../use-live-profile';
import { agreeWith } from '../../../i18n/gender';

function Section({
  title,
  count,
  children,
  id,
}: {
  title: string;
  count?: number;
  children: ReactNode;
  id: string;
}) {
  return (
    <Card className="profile-card border-0 shadow-sm" data-testid={`profile-section-${id}`}>
      <Card.Body>
        <h2 className="profile-section-title">
          {title}
          {count !== undefined && <span className="profile-section-count">{count}</span>}
        </h2>
        {children}
      </Card.Body>
    </Card>
  );
}

interface ProfileViewProps {
  profile: Profile;
  viewerIsGuest: boolean;
}

/**
 * Someone's page: who they are (avatar with frame, styled nick, roles, premium), what they tell
 * (about me as typed: a text node, never markup), photos, gifts, friends and statistics. A guest's
 * profile has nothing to tell but the nick, the avatar and the statistics.
 */
export function ProfileView({ profile: fetched, viewerIsGuest }: ProfileViewProps) {
  const profile = useLiveProfile(fetched);
  const { t } = useTranslation(['profiles', 'common']);
  const { user } = profile;
  const isGuestProfile = !isRegisteredRoles(user.roles);
  return (
    <div className="profile-page" data-testid="profile-page" data-user-id={user.id}>
      <Card className="profile-card profile-head border-0 shadow-sm">
        <Card.Body className="d-flex flex-column flex-sm-row align-items-center gap-4">
          <AvatarWithFrame user={user} size={112} className="profile-avatar" />
          <div className="profile-head-text text-center text-sm-start">
            <h1 className="profile-nick h3 mb-1" data-testid="profile-nick">
              <StyledNick nick={user.nick} />
            </h1>
            <div className="d-flex flex-wrap justify-content-center justify-content-sm-start gap-1 mb-3">
              {user.roles.map((role) => (
                <Badge
                  key={role}
                  bg="light"
                  text="dark"
                  className="chat-role-badge"
                  data-testid="profile-role"
                >
                  {t(`common:roles.${role}`, { defaultValue: role })}
                </Badge>
              ))}
              {user.premium && (
                <Badge
                  bg="warning"
                  text="dark"
                  className="chat-role-badge d-inline-flex align-items-center gap-1"
                  data-testid="profile-premium"
                >
                  <CrownIcon size={12} />
                  {t('profile.premium')}
                </Badge>
              )}
              {profile.is_self && (
                <Badge bg="primary" className="chat-role-badge">
                  {t('profile.you')}
                </Badge>
              )}
            </div>
            <ProfileActions profile={profile} viewerIsGuest={viewerIsGuest} />
            <ProfileRoleActions profile={profile} />
          </div>
        </Card.Body>
      </Card>

      <div className="profile-columns">
        <div className="profile-main">
          {!isGuestProfile && (
            <Section id="about" title={t('profile.about')}>
              {profile.about ? (
                <p className="profile-about mb-3" data-testid="profile-about">
                  {profile.about}
                </p>
              ) : (
                <p className="text-body-secondary small mb-3">
                  {profile.is_self
                    ? t('profile.aboutEmptySelf')
                    : t('profile.aboutEmpty', agreeWith(profile))}
                </p>
              )}
              {profile.about !== null && (
                <ContentModeration
                  subjectType="about"
                  subjectId={user.id}
                  moderation={profile.about_moderation}
                  ownerId={user.id}
                />
              )}
              <ProfileDetails profile={profile} />
            </Section>
          )}
          {!isGuestProfile && (
            <Section id="photos" title={t('profile.photos')} count={profile.photos.length}>
              <ProfilePhotos photos={profile.photos} ownerId={user.id} />
            </Section>
          )}
          {!isGuestProfile && (
            <Section id="gifts" title={t('profile.gifts')} count={profile.gifts.length}>
              <ProfileGifts gifts={profile.gifts} isSelf={profile.is_self} />
            </Section>
          )}
        </div>
        <div className="profile-side">
          <Section id="stats" title={t('stats.title')}>
            <ProfileStats stats={profile.statistics} quotesKept={profile.quotes_kept_count} />
          </Section>
          {!isGuestProfile && (
            <Section id="friends" title={t('profile.friends')} count={profile.friends_count}>
              <ProfileFriends friends={profile.friends} count={profile.friends_count} />
            </Section>
          )}
        </div>
      </div>
    </div>
  );
}
