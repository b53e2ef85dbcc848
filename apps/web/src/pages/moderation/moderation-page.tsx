import '../../styles/chat-messages.css';
import '../../styles/im.css';
import '../../styles/profiles.css';
import '../../styles/moderation.css';
import type { ModerationTab } from '@chat/shared';
import type { ComponentType } from 'react';
import { Container, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { moderationPath } from '../../features/complaints/links';
import { BansTab } from '../../features/moderation/components/bans-tab';
import { ComplaintsTab } from '../../features/moderation/components/complaints-tab';
import { LogTab } from '../../features/moderation/components/log-tab';
import { QueueTab } from '../../features/moderation/components/queue-tab';
import { permittedTabs } from '../../features/moderation/tabs';
import { useSessionStore } from '../../features/session/store';
import { LockIcon } from '../../lib/icons';
import { useLocale } from '../../lib/use-locale';

const TABS: Record<ModerationTab, ComponentType> = {
  bans: BansTab,
  queue: QueueTab,
  complaints: ComplaintsTab,
  log: LogTab,
};

const NO_PERMISSIONS: readonly string[] = [];

/**
 * /{locale}/moderation/{tab}: the banlist, the content queue, the open complaints and the log,
 * each shown to those whose permissions allow it; nobody else gets past the door.
 */
export function ModerationPage() {
  const { t } = useTranslation('moderation');
  const locale = useLocale();
  const { tab } = useParams();
  const permissions = useSessionStore((s) => s.userData?.permissions ?? NO_PERMISSIONS);
  const tabs = permittedTabs(permissions);
  const first = tabs[0];
  if (first === undefined) return <Forbidden />;
  const current = tabs.find((candidate) => candidate === tab);
  if (current === undefined) return <Navigate to={moderationPath(locale, first)} replace />;
  const Tab = TABS[current];
  return (
    <Container className="py-4" data-testid="moderation-page">
      <h1 className="h3 mb-3">{t('title')}</h1>
      <Nav variant="tabs" className="mb-3" as="ul">
        {tabs.map((key) => (
          <Nav.Item as="li" key={key}>
            <Nav.Link
              as={Link}
              to={moderationPath(locale, key)}
              active={key === current}
              data-testid={`moderation-tab-${key}`}
            >
              {t(`tabs.${key}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <Tab key={current} />
    </Container>
  );
}

/** The 403 of the moderation area: said plainly, in place. */
function Forbidden() {
  const { t } = useTranslation('moderation');
  return (
    <Container className="py-5 text-center" data-testid="moderation-forbidden">
      <div className="restricted-icon mx-auto mb-3">
        <LockIcon size={32} />
      </div>
      <h1 className="h3 mb-3">{t('forbidden.title')}</h1>
      <p className="text-body-secondary">{t('forbidden.text')}</p>
    </Container>
  );
}
