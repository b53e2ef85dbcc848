import { GRADIENT_MAX, PREMIUM_PHOTOS_MAX, PREMIUM_UPLOAD_MAX_BYTES } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../shared/ui/icons';

/** The perks in words, as the server grants them (permissions of an active premium). */
export function PremiumPerks() {
  const { t } = useTranslation('premium');
  const perks = [
    t('perks.gradient', { max: GRADIENT_MAX }),
    t('perks.palette'),
    t('perks.frames'),
    t('perks.invisible'),
    t('perks.photos', { max: PREMIUM_PHOTOS_MAX }),
    t('perks.uploads', { size: Math.round(PREMIUM_UPLOAD_MAX_BYTES / (1024 * 1024)) }),
    t('perks.mark'),
  ];
  return (
    <ul className="premium-perks list-unstyled mb-0" data-testid="premium-perks">
      {perks.map((text) => (
        <li key={text}>
          <CheckIcon size={16} className="premium-perk-icon" />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}
