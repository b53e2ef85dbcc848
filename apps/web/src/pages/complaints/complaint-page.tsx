import '../../styles/chat-messages.css';
import '../../styles/chat-composer.css';
import '../../styles/im.css';
import '../../styles/uploads.css';
import '../../styles/profiles.css';
import '../../styles/moderation.css';
import { useQuery } from '@tanstack/react-query';
import { Card, Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useOwnTitle } from '../../app/route-title';
import { complaintQuery } from '../../features/complaints/api';
import { ComplaintSummary } from '../../features/complaints/components/complaint-summary';
import { ComplaintThread } from '../../features/complaints/components/complaint-thread';
import { StaffActions } from '../../features/complaints/components/staff-actions';
import { complaintsPath } from '../../features/complaints/links';
import { BanDetails } from '../../features/moderation/components/ban-details';
import { EvidenceView } from '../../features/moderation/components/evidence-view';
import { useSessionStore } from '../../features/session/store';
import { ApiError } from '../../lib/api-error';
import { useLocale } from '../../lib/use-locale';
import { NotFoundPage } from '../not-found/not-found-page';

const idOf = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n < 2 ** 31 ? n : null;
};

/** /{locale}/complaints/{id}: a complaint or an appeal, its evidence, its answer and thread. */
export function ComplaintPage() {
  const { complaintId } = useParams();
  const id = idOf(complaintId);
  const signedIn = useSessionStore((s) => s.userData !== null);
  if (id === null || !signedIn) return <NotFoundPage />;
  return <ComplaintView id={id} />;
}

function ComplaintView({ id }: { id: number }) {
  const { t } = useTranslation('complaints');
  const locale = useLocale();
  const result = useQuery(complaintQuery(id));
  const c = result.data;
  useOwnTitle(c ? t(c.is_appeal ? 'detail.appealTitle' : 'detail.title', { id }) : null);

  if (result.isLoading) {
    return (
      <div className="text-center py-5" role="status">
        <Spinner animation="border" size="sm" />
      </div>
    );
  }
  if (!c) {
    const missing = result.error instanceof ApiError && result.error.status === 404;
    return (
      <Container className="py-5 text-center" data-testid="complaint-missing">
        <p className={missing ? 'text-body-secondary' : 'text-danger'} role="alert">
          {t(missing ? 'detail.notFound' : 'detail.loadFailed')}
        </p>
        <Link to={complaintsPath(locale)}>{t('detail.back')}</Link>
      </Container>
    );
  }
  return (
    <Container className="py-4" data-testid="complaint-page">
      <Link to={complaintsPath(locale)} className="small">
        ← {t('detail.back')}
      </Link>
      <h1 className="h3 my-3">{t(c.is_appeal ? 'detail.appealTitle' : 'detail.title', { id })}</h1>
      <Card className="border-0 shadow-sm">
        <Card.Body>
          <ComplaintSummary complaint={c} />
        </Card.Body>
      </Card>
      {c.is_appeal && c.ban ? (
        <section className="mt-4" data-testid="complaint-ban">
          <h2 className="h5">{t('detail.ban')}</h2>
          <BanDetails ban={c.ban} />
        </section>
      ) : (
        <section className="mt-4">
          <h2 className="h5">{t('detail.evidence')}</h2>
          {c.evidence ? (
            <EvidenceView evidence={c.evidence} />
          ) : (
            <p className="text-body-secondary small">{t('detail.noEvidence')}</p>
          )}
        </section>
      )}
      <StaffActions complaint={c} />
      <ComplaintThread complaintId={c.id} comments={c.comments} canComment={c.can.comment} />
    </Container>
  );
}
