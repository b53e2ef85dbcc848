import type { AdminFrame } from '@chat/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from '../sections';
import { settle } from '../../../lib/settle';
import { AvatarWithFrame } from '../../../shared/ui/avatar-with-frame';
import { useSessionStore } from '../../session/store';
import { deleteFrame, framesQuery, mediaKeys, updateFrame, type FramePatch } from './api';
import { ConfirmButton } from '../components/confirm-button';
import { FrameForm } from './frame-form';

const SAMPLE_SIZE = 72;

/**
 * The admin area's avatar frames (issue 23): each drawn over a sample avatar, an upload form,
 * premium-only, withdraw (a frame people wear: they keep it) or delete (one nobody wears).
 */
export function FramesSection(_props: SectionProps) {
  const { t, i18n } = useTranslation('admin-media');
  const client = useQueryClient();
  const { data: frames, isPending, isError } = useQuery(framesQuery());
  const me = useSessionStore((s) => s.userData?.user);
  const refresh = () => void client.invalidateQueries({ queryKey: mediaKeys.frames });

  if (isPending) return <Spinner animation="border" role="status" aria-label={t('loading')} />;
  if (isError) return <p className="text-danger">{t('loadFailed')}</p>;

  const sample = {
    avatar: me?.avatar ?? null,
    nick: me?.nick ?? {
      nick: t('frames.sample'),
      color: null,
      has_gradient: false,
      gradient: [],
      font_id: null,
      weight: null,
      italic: false,
    },
  };
  const patch = (frame: AdminFrame, body: FramePatch) =>
    settle(updateFrame(frame, body).finally(refresh));
  const remove = (frame: AdminFrame) => settle(deleteFrame(frame.id).finally(refresh));
  const nameOf = (frame: AdminFrame) => (i18n.language === 'en' ? frame.name_en : frame.name_ru);

  return (
    <section data-testid="admin-frames">
      <h1 className="h4">{t('frames.title')}</h1>
      <Card className="mb-3">
        <Card.Body>
          <h2 className="h6">{t('frames.add')}</h2>
          <FrameForm onAdded={refresh} />
        </Card.Body>
      </Card>
      {frames.length === 0 && <p className="text-body-secondary">{t('frames.none')}</p>}
      <Row
        xs={1}
        sm={2}
        lg={3}
        xl={4}
        className="g-3"
        as="ul"
        role="list"
        aria-label={t('frames.title')}
      >
        {frames.map((frame) => (
          <Col as="li" key={frame.id} className="list-unstyled" data-testid="admin-frame">
            <Card className={frame.active ? undefined : 'opacity-75'}>
              <Card.Body className="d-flex gap-3 align-items-start">
                <div className="p-3 flex-shrink-0">
                  <AvatarWithFrame user={{ ...sample, frame: frame.url }} size={SAMPLE_SIZE} />
                </div>
                <div className="flex-grow-1 min-w-0">
                  <h3 className="h6 text-break mb-1">{nameOf(frame)}</h3>
                  <div className="mb-2 d-flex flex-wrap gap-1">
                    {frame.active ? (
                      <Badge bg="success">{t('frames.active')}</Badge>
                    ) : (
                      <Badge bg="secondary">{t('frames.withdrawn')}</Badge>
                    )}
                    <Badge bg="light" text="dark">
                      {t('frames.wearers', { count: frame.wearers })}
                    </Badge>
                  </div>
                  <Form.Check
                    type="switch"
                    id={`frame-premium-${frame.id}`}
                    label={t('frames.premiumOnly')}
                    checked={frame.premium_only}
                    onChange={(e) => patch(frame, { premium_only: e.target.checked })}
                  />
                  <div className="mt-2">
                    {frame.active ? (
                      <ConfirmButton
                        label={frame.wearers > 0 ? t('frames.withdraw') : t('delete')}
                        question={
                          frame.wearers > 0
                            ? t('frames.withdrawQuestion', { count: frame.wearers })
                            : t('frames.deleteQuestion')
                        }
                        onConfirm={() => remove(frame)}
                        testId={`frame-remove-${frame.id}`}
                      />
                    ) : (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        onClick={() => patch(frame, { active: true })}
                      >
                        {t('frames.restore')}
                      </Button>
                    )}
                  </div>
                </div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
