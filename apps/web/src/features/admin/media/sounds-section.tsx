import { SOUND_KINDS, isSoundKind, type AdminSound } from '@chat/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from '../sections';
import { settle } from '../../../lib/settle';
import { PlayIcon } from '../../../shared/ui/icons';
import { playSound } from '../../chat/sound';
import { deleteSound, mediaKeys, soundsQuery, updateSound, type SoundPatch } from './api';
import { ConfirmButton } from '../components/confirm-button';
import { SoundForm } from './sound-form';

/** Heard at a comfortable level, whatever the admin's own chat volume is. */
const PREVIEW_VOLUME = 0.6;

/**
 * The admin area's notification sounds (issue 23): each with a play button, an upload form, the
 * kind of event it is the site's default for (one per kind: choosing one here takes the kind
 * from the old default), withdraw or delete.
 */
export function SoundsSection(_props: SectionProps) {
  const { t, i18n } = useTranslation('admin-media');
  const client = useQueryClient();
  const { data: sounds, isPending, isError } = useQuery(soundsQuery());
  const refresh = () => void client.invalidateQueries({ queryKey: mediaKeys.sounds });

  if (isPending) return <Spinner animation="border" role="status" aria-label={t('loading')} />;
  if (isError) return <p className="text-danger">{t('loadFailed')}</p>;

  const patch = (sound: AdminSound, body: SoundPatch) =>
    settle(updateSound(sound, body).finally(refresh));
  const remove = (sound: AdminSound) => settle(deleteSound(sound.id).finally(refresh));
  const nameOf = (sound: AdminSound) => (i18n.language === 'en' ? sound.name_en : sound.name_ru);

  return (
    <section data-testid="admin-sounds">
      <h1 className="h4">{t('sounds.title')}</h1>
      <p className="text-body-secondary">{t('sounds.intro')}</p>
      <Card className="mb-3">
        <Card.Body>
          <h2 className="h6">{t('sounds.add')}</h2>
          <SoundForm onAdded={refresh} />
        </Card.Body>
      </Card>
      <Table responsive hover className="align-middle">
        <thead>
          <tr>
            <th scope="col">{t('sounds.name')}</th>
            <th scope="col">{t('sounds.defaultFor')}</th>
            <th scope="col">{t('sounds.state')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sounds.map((sound) => (
            <tr key={sound.id} data-testid="admin-sound">
              <td>
                <div className="d-flex align-items-center gap-2">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={t('sounds.play', { name: nameOf(sound) })}
                    title={t('sounds.play', { name: nameOf(sound) })}
                    onClick={() => playSound(sound.url, PREVIEW_VOLUME)}
                  >
                    <PlayIcon size={14} />
                  </Button>
                  <span className="text-break">{nameOf(sound)}</span>
                </div>
              </td>
              <td style={{ minWidth: '11rem' }}>
                <Form.Select
                  size="sm"
                  aria-label={t('sounds.defaultForOf', { name: nameOf(sound) })}
                  value={sound.default_for ?? ''}
                  disabled={!sound.active}
                  onChange={(e) =>
                    patch(sound, {
                      default_for: isSoundKind(e.target.value) ? e.target.value : null,
                    })
                  }
                >
                  <option value="">{t('sounds.noDefault')}</option>
                  {SOUND_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`sounds.kinds.${kind}`)}
                    </option>
                  ))}
                </Form.Select>
              </td>
              <td>
                {sound.active ? (
                  <Badge bg="success">{t('sounds.active')}</Badge>
                ) : (
                  <Badge bg="secondary">{t('sounds.withdrawn')}</Badge>
                )}
              </td>
              <td className="text-nowrap">
                <div className="d-flex flex-wrap gap-1">
                  {sound.active ? (
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      disabled={sound.default_for !== null}
                      title={sound.default_for !== null ? t('sounds.defaultStays') : undefined}
                      onClick={() => patch(sound, { active: false })}
                    >
                      {t('sounds.withdraw')}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      onClick={() => patch(sound, { active: true })}
                    >
                      {t('sounds.restore')}
                    </Button>
                  )}
                  <ConfirmButton
                    label={t('delete')}
                    question={t('sounds.deleteQuestion')}
                    onConfirm={() => remove(sound)}
                    testId={`sound-delete-${sound.id}`}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
