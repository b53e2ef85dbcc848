import { maritalStatusLabel, takesPartner, type Profile } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { profilePath } from '../links';
import { StyledNick } from '../../../shared/ui/styled-nick';

/** Gender, age and marital status (labelled by gender) with the partner's linked profile. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  const status = profile.marital_status;
  const partner = status && takesPartner(status) ? profile.partner : null;
  const none = <span className="text-body-secondary">{t('profile.notSpecified')}</span>;
  return (
    <dl className="profile-facts" data-testid="profile-details">
      <div className="profile-fact">
        <dt>{t('profile.gender')}</dt>
        <dd data-testid="profile-gender">
          {profile.gender ? t(`profile.genders.${profile.gender}`) : none}
        </dd>
      </div>
      <div className="profile-fact">
        <dt>{t('profile.age')}</dt>
        <dd data-testid="profile-age">
          {profile.age !== null ? t('profile.years', { count: profile.age }) : none}
        </dd>
      </div>
      <div className="profile-fact">
        <dt>{t('profile.marital')}</dt>
        <dd data-testid="profile-marital">
          {status ? maritalStatusLabel(status, profile.gender, locale) : none}
          {partner && (
            <>
              {' '}
              {t('profile.partnerWith')}{' '}
              <Link to={profilePath(locale, partner.slug)} data-testid="profile-partner">
                <StyledNick nick={partner.nick} />
              </Link>
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}
