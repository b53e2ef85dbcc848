import '../../styles/admin.css';
import '../../i18n/admin-texts';
import { isAdminSection, type AdminSection } from '@chat/shared';
import { Suspense } from 'react';
import { Container, Nav, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { adminPath, permittedSections } from '../../features/admin/sections';
import { useSessionStore } from '../../features/session/store';
import { LockIcon } from '../../lib/icons';
import { useLocale } from '../../lib/use-locale';
import { DASHBOARD, SECTION_PAGES } from './section-pages';

const NO_PERMISSIONS: readonly string[] = [];

/**
 * /{locale}/admin/{section?}/{sub?}: the admin area. The menu lists the sections the person's
 * permissions open (each needs `admin.access` and its own); the index is the dashboard.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const { section, sub } = useParams();
  const permissions = useSessionStore((s) => s.userData?.permissions ?? NO_PERMISSIONS);
  if (!permissions.includes('admin.access')) return <Forbidden />;
  const sections = permittedSections(permissions).filter((s) => SECTION_PAGES[s] !== undefined);
  const current: AdminSection | null =
    section !== undefined && isAdminSection(section) ? section : null;
  if (section !== undefined && (current === null || !sections.includes(current)))
    return <Navigate to={adminPath(locale)} replace />;
  const Page = current === null ? DASHBOARD : SECTION_PAGES[current]!;
  return (
    <Container fluid="lg" className="py-4 admin-page" data-testid="admin-page">
      <h1 className="h3 mb-3">{t('title')}</h1>
      <div className="admin-layout">
        <Nav as="ul" className="admin-menu flex-md-column" aria-label={t('menu')}>
          <Nav.Item as="li">
            <Nav.Link
              as={Link}
              to={adminPath(locale)}
              active={current === null}
              data-testid="admin-menu-dashboard"
            >
              {t('sections.dashboard')}
            </Nav.Link>
          </Nav.Item>
          {sections.map((key) => (
            <Nav.Item as="li" key={key}>
              <Nav.Link
                as={Link}
                to={adminPath(locale, key)}
                active={key === current}
                data-testid={`admin-menu-${key}`}
              >
                {t(`sections.${key}`)}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <div className="admin-content">
          <Suspense fallback={<Spinner animation="border" size="sm" role="status" />}>
            {Page ? <Page key={current ?? 'dashboard'} sub={sub} /> : <Index sections={sections} />}
          </Suspense>
        </div>
      </div>
    </Container>
  );
}

/** Until a dashboard is there: the sections as links. */
function Index({ sections }: { sections: AdminSection[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <ul className="list-unstyled" data-testid="admin-index">
      {sections.map((key) => (
        <li key={key}>
          <Link to={adminPath(locale, key)}>{t(`sections.${key}`)}</Link>
        </li>
      ))}
    </ul>
  );
}

/** The 403 of the admin area: said plainly, in place. */
function Forbidden() {
  const { t } = useTranslation('admin');
  return (
    <Container className="py-5 text-center" data-testid="admin-forbidden">
      <div className="restricted-icon mx-auto mb-3">
        <LockIcon size={32} />
      </div>
      <h1 className="h3 mb-3">{t('forbidden.title')}</h1>
      <p className="text-body-secondary">{t('forbidden.text')}</p>
    </Container>
  );
}
