import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/use-locale';
import { adminPath } from '../admin/sections';
import { useCan } from '../session/permissions';

/** "Admin area" in the navbar, for those with `admin.access`. */
export function AdminNavLink() {
  const { t } = useTranslation('titles');
  const locale = useLocale();
  if (!useCan('admin.access')) return null;
  return (
    <Nav.Link as={Link} to={adminPath(locale)} eventKey="admin" data-testid="nav-admin">
      {t('admin')}
    </Nav.Link>
  );
}
