import '../../styles/chat-messages.css';
import '../../styles/im.css';
import '../../styles/profiles.css';
import '../../styles/moderation.css';
import { COMPLAINT_TABS } from '@chat/shared';
import { Container, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ComplaintTab } from '../../features/complaints/api';
import { ComplaintsList } from '../../features/complaints/components/complaints-list';
import { complaintsPath } from '../../features/complaints/links';
import { useCan } from '../../features/session/permissions';
import { useSessionStore } from '../../features/session/store';
import { useLocale } from '../../lib/use-locale';

const pageOf = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * /{locale}/complaints?tab&page: one's own complaints and appeals; for those who handle
 * complaints also the open and the closed ones of everybody.
 */
export function ComplaintsPage() {
  const { t } = useTranslation('complaints');
  const locale = useLocale();
  const signedIn = useSessionStore((s) => s.userData !== null);
  const staff = useCan('complaint.handle');
  const [params, setParams] = useSearchParams();
  const tabs: readonly ComplaintTab[] = staff ? COMPLAINT_TABS : ['mine'];
  const asked = params.get('tab');
  const tab = tabs.find((candidate) => candidate === asked) ?? 'mine';
  const page = pageOf(params.get('page'));

  const onPage = (next: number) => {
    const search = new URLSearchParams();
    if (tab !== 'mine') search.set('tab', tab);
    if (next > 1) search.set('page', String(next));
    setParams(search);
    window.scrollTo?.({ top: 0 });
  };

  return (
    <Container className="py-4" data-testid="complaints-page">
      <h1 className="h3 mb-3">{t('list.title')}</h1>
      {!signedIn ? (
        <p className="text-body-secondary" data-testid="complaints-signed-out">
          {t('list.signIn')}
        </p>
      ) : (
        <>
          <Nav variant="pills" className="mb-3" as="ul">
            {tabs.map((key) => (
              <Nav.Item as="li" key={key}>
                <Nav.Link
                  as={Link}
                  to={complaintsPath(locale, key)}
                  active={key === tab}
                  data-testid={`complaints-tab-${key}`}
                >
                  {t(`tabs.${key}`)}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          <ComplaintsList tab={tab} page={page} onPage={onPage} staff={staff && tab !== 'mine'} />
        </>
      )}
    </Container>
  );
}
