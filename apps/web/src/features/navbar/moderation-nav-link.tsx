import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/use-locale';
import { localePath } from '../../lib/locale-path';
import { MODERATION_PERMISSIONS } from '../moderation/tabs';
import { useCanAny } from '../session/permissions';

/** "Moderation" in the navbar, for those with any moderation permission. */
export function ModerationNavLink() {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  if (!useCanAny(MODERATION_PERMISSIONS)) return null;
  return (
    <Nav.Link
      as={Link}
      to={localePath(locale, '/moderation')}
      eventKey="moderation"
      data-testid="nav-moderation"
    >
      {t('nav')}
    </Nav.Link>
  );
}
