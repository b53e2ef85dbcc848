import type { BanWire, PublicUser } from '@chat/shared';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { useNow } from '../../../shared/hooks/use-now';
import { sanctionPeriod, sanctionReason } from '../labels';
import { FilterNick } from './filter-nick';
import { When } from '../../../shared/ui/when';

interface BanRowProps {
  ban: BanWire;
  /** Whether the viewer may lift this kind of sanction (user.gag / user.ban). */
  canLift: boolean;
  onLift: (ban: BanWire) => void;
  onFilterUser: (user: PublicUser) => void;
  onFilterModerator: (user: PublicUser) => void;
}

/** One sanction of the banlist: who, what, why, how long, by whom, and its state. */
export function BanRow({ ban, canLift, onLift, onFilterUser, onFilterModerator }: BanRowProps) {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const now = useNow(60_000);
  const ended =
    ban.lifted_at !== null || (ban.expires_at !== null && Date.parse(ban.expires_at) <= now);
  return (
    <tr data-testid={`ban-row-${ban.id}`}>
      <td>
        <FilterNick user={ban.user} title={t('bans.filterUser')} onFilter={onFilterUser} />
      </td>
      <td>{t(`types.${ban.type}`)}</td>
      <td>{sanctionReason(ban, locale)}</td>
      <td className="text-nowrap">{sanctionPeriod(ban, locale)}</td>
      <td>
        {ban.moderator ? (
          <FilterNick
            user={ban.moderator}
            title={t('bans.filterModerator')}
            onFilter={onFilterModerator}
          />
        ) : (
          t('ban.aModerator')
        )}
      </td>
      <td className="small">
        <When iso={ban.created_at} />
      </td>
      <td className="small">{ban.expires_at ? <When iso={ban.expires_at} /> : t('ban.never')}</td>
      <td>
        {ended ? (
          <Badge bg="secondary">
            {ban.lift_reason ? t(`ban.liftReasons.${ban.lift_reason}`) : t('ban.ended')}
          </Badge>
        ) : (
          <Badge bg="danger">{t('ban.active')}</Badge>
        )}
      </td>
      <td>
        {!ended && canLift && (
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => onLift(ban)}
            data-testid={`ban-lift-${ban.id}`}
          >
            {t('bans.lift')}
          </Button>
        )}
      </td>
    </tr>
  );
}
