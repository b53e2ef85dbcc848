import { RELEASE_PLATFORMS, type AppRelease, type ReleasePlatform } from '@chat/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button, Modal, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import type { SectionProps } from '../sections';
import { pushToast } from '../../toasts/store';
import { deleteRelease, pagesKeys, releasesQuery } from './api';
import { ReleaseForm } from './release-form';

type Editing = { release: AppRelease | null; platform: ReleasePlatform } | null;

/** `/admin/app-releases`: the releases of the site's apps, one table per platform. */
export function AppReleasesSection(_props: SectionProps) {
  const { t } = useTranslation('admin-pages');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const releases = useQuery(releasesQuery());
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AppRelease | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: pagesKeys.releases });
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteRelease(removing.id);
      pushToast({ text: t('releases.deleted'), variant: 'primary' });
      setRemoving(null);
      refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section data-testid="admin-app-releases">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h4 mb-0 me-auto">{t('releases.title')}</h2>
      </div>
      {releases.isPending && <Spinner animation="border" size="sm" role="status" />}
      {releases.isError && <Alert variant="danger">{t('releases.loadFailed')}</Alert>}
      {releases.data &&
        RELEASE_PLATFORMS.map((platform) => {
          const rows = releases.data.filter((r) => r.platform === platform);
          return (
            <section key={platform} className="mb-4" aria-labelledby={`releases-${platform}`}>
              <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <h3 className="h5 mb-0 me-auto" id={`releases-${platform}`}>
                  {t(`releases.platforms.${platform}`)}
                </h3>
                <Button
                  size="sm"
                  onClick={() => setEditing({ release: null, platform })}
                  data-testid={`release-add-${platform}`}
                >
                  {t('releases.add')}
                </Button>
              </div>
              {rows.length === 0 ? (
                <p className="text-body-secondary small">{t('releases.none')}</p>
              ) : (
                <Table responsive size="sm" className="align-middle">
                  <thead>
                    <tr>
                      <th>{t('releases.version')}</th>
                      <th>{t('releases.notes', { language: t(`pages.${locale}`) })}</th>
                      <th>{t('releases.source')}</th>
                      <th>
                        <span className="visually-hidden">{t('releases.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.id} data-testid="release-row">
                        <td className="text-nowrap">
                          {r.version}{' '}
                          {r.required && (
                            <Badge bg="warning" text="dark">
                              {t('releases.requiredMark')}
                            </Badge>
                          )}
                        </td>
                        <td className="text-break" style={{ whiteSpace: 'pre-line' }}>
                          {r[`notes_${locale}`]}
                        </td>
                        <td>
                          <a
                            href={r.url ?? `/storage/${r.file}`}
                            target="_blank"
                            rel="noopener noreferrer"
                          >
                            {t('releases.link')}
                          </a>
                        </td>
                        <td className="text-end text-nowrap">
                          <Button
                            size="sm"
                            variant="outline-primary"
                            className="me-1"
                            onClick={() => setEditing({ release: r, platform })}
                          >
                            {t('releases.edit')}
                          </Button>
                          <Button size="sm" variant="outline-danger" onClick={() => setRemoving(r)}>
                            {t('releases.delete')}
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </section>
          );
        })}
      {editing && (
        <ReleaseForm
          release={editing.release}
          platform={editing.platform}
          onCancel={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            pushToast({ text: t('releases.saved'), variant: 'primary' });
            refresh();
          }}
        />
      )}
      <Modal
        show={removing !== null}
        onHide={() => setRemoving(null)}
        aria-labelledby="release-delete"
      >
        <Modal.Body id="release-delete">
          {removing &&
            t('releases.deleteConfirm', {
              version: removing.version,
              platform: t(`releases.platforms.${removing.platform}`),
            })}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setRemoving(null)}>
            {t('releases.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => void remove()}
            data-testid="release-delete-confirm"
          >
            {t('releases.delete')}
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
