import { useEffect, useRef, useState } from 'react';
import { Card, Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SanctionCard } from '../../features/sanctions/components/sanction-card';
import { isInForce, refreshMyBan } from '../../features/sanctions/my-ban';
import { useSessionStore } from '../../features/session/store';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';

/**
 * /{locale}/banned: what a banned (or gagged) person sees: the sanction, why, by whom, until when
 * with the time left, and the appeal. When the ban ends (the countdown, or `UserUpdated` making
 * the session read it again) the person goes back to the chat.
 */
export function BannedPage() {
  const { t } = useTranslation('sanctions');
  const locale = useLocale();
  const navigate = useNavigate();
  const signedIn = useSessionStore((s) => s.userData !== null);
  const rawBan = useSessionStore((s) => s.userData?.ban ?? null);
  const rawGag = useSessionStore((s) => s.userData?.gag ?? null);
  const ban = isInForce(rawBan) ? rawBan : null;
  const gag = isInForce(rawGag) ? rawGag : null;
  const [checked, setChecked] = useState(false);

  // The page may be opened long after init: the session's copy may be stale.
  useEffect(() => {
    void refreshMyBan().finally(() => setChecked(true));
  }, []);

  // Banned a moment ago and not now: the ban ended or was lifted (an accepted appeal).
  const wasBanned = useRef(false);
  useEffect(() => {
    if (ban !== null) wasBanned.current = true;
    else if (wasBanned.current) void navigate(localePath(locale, '/chat'), { replace: true });
  }, [ban, locale, navigate]);

  const recheck = () => void refreshMyBan();

  if (signedIn && !checked && ban === null && gag === null) {
    return (
      <Container className="py-5 text-center" role="status">
        <Spinner animation="border" size="sm" className="me-2" />
        {t('banned.loading')}
      </Container>
    );
  }
  return (
    <Container className="py-4 banned-page" data-testid="banned-page">
      {ban && <SanctionCard sanction={ban} onEnd={recheck} />}
      {gag && <SanctionCard sanction={gag} onEnd={recheck} />}
      {ban === null && (
        <Card className="border-0 shadow-sm" data-testid="not-banned">
          <Card.Body className="p-4 text-center">
            {gag === null && <h1 className="h4">{t('banned.notBanned')}</h1>}
            {gag === null && <p className="text-body-secondary">{t('banned.notBannedHint')}</p>}
            <Link to={localePath(locale, '/chat')} className="btn btn-primary">
              {t('banned.toChat')}
            </Link>
          </Card.Body>
        </Card>
      )}
    </Container>
  );
}
