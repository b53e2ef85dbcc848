import { isRegistered } from '../../features/session/permissions';
import '../../styles/chat-layout.css';
import '../../styles/chat-rooms.css';
import '../../styles/chat-messages.css';
import '../../styles/chat-message-actions.css';
import '../../styles/chat-composer.css';
import '../../styles/chat-users.css';
import '../../styles/chat-settings.css';
import '../../styles/im.css';
import '../../styles/uploads.css';
import '../../styles/profiles.css';
import '../../styles/notifications.css';
import '../../styles/my.css';
import '../../styles/premium.css';
import { Card, Col, Container, Form, Nav, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useNavigate, useParams } from 'react-router';
import { useOwnTitle } from '../../app/route-title';
import { GUEST_TABS, MY_TABS, defaultTab, isMyTab, type MyTab } from '../../features/my/tabs';
import { MyTabContent } from '../../features/my/tab-content';
import { useSessionStore } from '../../features/session/store';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { MySignedOut } from './my-signed-out';

/** /{locale}/my/{tab}: the signed-in person's own settings, one tab at a time. */
export function MyPage() {
  const { t } = useTranslation(['my', 'titles']);
  const locale = useLocale();
  const navigate = useNavigate();
  const { tab } = useParams();
  const userData = useSessionStore((s) => s.userData);
  const guest = userData !== null && !isRegistered(userData);
  useOwnTitle(isMyTab(tab) ? `${t(`my:tabs.${tab}`)} · ${t('titles:my')}` : null);

  if (userData === null) return <MySignedOut />;
  if (!isMyTab(tab))
    return <Navigate to={localePath(locale, `/my/${defaultTab(guest)}`)} replace />;

  const path = (to: MyTab) => localePath(locale, `/my/${to}`);
  const locked = (to: MyTab) => guest && !GUEST_TABS.includes(to);
  return (
    <Container className="my-page py-4" data-testid="my-page">
      <h1 className="h3 mb-3">{t('my:title')}</h1>
      <Row className="g-3">
        <Col md={4} lg={3}>
          {/* Narrow screens get a select: eleven tabs do not fit a row at 375 px. */}
          <Form.Select
            className="d-md-none"
            aria-label={t('my:menu')}
            value={tab}
            onChange={(e) => void navigate(path(e.target.value as MyTab))}
            data-testid="my-tab-select"
          >
            {MY_TABS.map((id) => (
              <option key={id} value={id}>
                {t(`my:tabs.${id}`)}
              </option>
            ))}
          </Form.Select>
          <Nav className="flex-column my-menu d-none d-md-flex" as="nav" aria-label={t('my:menu')}>
            {MY_TABS.map((id) => (
              <Nav.Link
                key={id}
                as={NavLink}
                to={path(id)}
                className={locked(id) ? 'text-body-secondary' : undefined}
                data-testid={`my-tab-${id}`}
              >
                {t(`my:tabs.${id}`)}
              </Nav.Link>
            ))}
          </Nav>
        </Col>
        <Col md={8} lg={9}>
          <Card className="border-0 shadow-sm">
            <Card.Body className="p-3 p-md-4">
              <h2 className="h5 mb-3">{t(`my:tabs.${tab}`)}</h2>
              <MyTabContent tab={tab} locked={locked(tab)} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
