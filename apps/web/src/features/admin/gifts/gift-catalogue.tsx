import type { AdminGift } from '@chat/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button, Image, Modal, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { pushToast } from '../../toasts/store';
import { adminGiftsQuery, removeGift } from './api';
import { GiftForm } from './gift-form';

/** The gift catalogue: every gift, withdrawn ones too, with adding, editing and removing. */
export function GiftCatalogue() {
  const { t } = useTranslation('admin-gifts');
  const queryClient = useQueryClient();
  const result = useQuery(adminGiftsQuery());
  const [editing, setEditing] = useState<AdminGift | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminGift | null>(null);
  const [busy, setBusy] = useState(false);

  // This tab's own changes are not echoed back to it as CatalogUpdated: read again here.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'gifts'] }),
      queryClient.invalidateQueries({ queryKey: ['catalog', 'gifts'] }),
    ]);

  const saved = () => {
    setEditing(null);
    pushToast({ text: t('catalogue.saved'), variant: 'primary' });
    void refresh();
  };

  const remove = async (gift: AdminGift) => {
    setBusy(true);
    try {
      const { outcome } = await removeGift(gift.id);
      pushToast({ text: t(`catalogue.${outcome}`), variant: 'primary' });
      void refresh();
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const gifts = result.data ?? [];
  return (
    <section data-testid="gift-catalogue">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h4 mb-0 me-auto">{t('catalogue.title')}</h2>
        <Button onClick={() => setEditing('new')} data-testid="gift-add">
          {t('catalogue.add')}
        </Button>
      </div>
      {result.isPending && <Spinner animation="border" size="sm" role="status" />}
      {result.isError && <Alert variant="danger">{t('failed')}</Alert>}
      {result.isSuccess && gifts.length === 0 && (
        <p className="text-body-secondary">{t('catalogue.empty')}</p>
      )}
      {gifts.length > 0 && (
        <Table responsive hover size="sm" className="align-middle" data-testid="gift-table">
          <caption className="visually-hidden">{t('catalogue.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('catalogue.image')}</th>
              <th scope="col">{t('catalogue.names')}</th>
              <th scope="col" className="text-end">
                {t('catalogue.price')}
              </th>
              <th scope="col">{t('catalogue.premium')}</th>
              <th scope="col">{t('catalogue.status')}</th>
              <th scope="col" className="text-end">
                {t('catalogue.position')}
              </th>
              <th scope="col" className="text-end">
                {t('catalogue.sent')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('catalogue.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {gifts.map((gift) => (
              <tr key={gift.id} data-testid={`gift-row-${gift.id}`}>
                <td>
                  <Image src={gift.image} alt="" width={32} height={32} />
                </td>
                <td>
                  <div lang="ru">{gift.name_ru}</div>
                  <div lang="en" className="text-body-secondary small">
                    {gift.name_en}
                  </div>
                </td>
                <td className="text-end">{gift.price}</td>
                <td>{gift.premium_only ? t('catalogue.yes') : t('catalogue.no')}</td>
                <td>
                  <Badge bg={gift.active ? 'success' : 'secondary'}>
                    {gift.active ? t('catalogue.on_sale') : t('catalogue.withdrawn_badge')}
                  </Badge>
                </td>
                <td className="text-end">{gift.position}</td>
                <td className="text-end">{gift.sent}</td>
                <td className="text-nowrap">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    className="me-1"
                    onClick={() => setEditing(gift)}
                    aria-label={t('catalogue.edit_named', { name: gift.name_en })}
                  >
                    {t('catalogue.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => setRemoving(gift)}
                    disabled={gift.sent > 0 && !gift.active}
                    aria-label={t(
                      gift.sent > 0 ? 'catalogue.withdraw_named' : 'catalogue.delete_named',
                      { name: gift.name_en },
                    )}
                  >
                    {gift.sent > 0 ? t('catalogue.withdraw') : t('catalogue.delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      <Modal show={editing !== null} onHide={() => setEditing(null)} fullscreen="sm-down">
        <Modal.Header closeButton>
          <Modal.Title as="h3" className="h5">
            {editing === 'new' ? t('form.add_title') : t('form.edit_title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {editing !== null && (
            <GiftForm
              gift={editing === 'new' ? undefined : editing}
              onSaved={saved}
              onCancel={() => setEditing(null)}
            />
          )}
        </Modal.Body>
      </Modal>

      <Modal show={removing !== null} onHide={() => setRemoving(null)}>
        <Modal.Header closeButton>
          <Modal.Title as="h3" className="h5">
            {removing && removing.sent > 0 ? t('catalogue.withdraw') : t('catalogue.delete')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {removing &&
            (removing.sent > 0
              ? t('catalogue.confirm_withdraw', { count: removing.sent })
              : t('catalogue.confirm_delete'))}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setRemoving(null)}>
            {t('form.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => removing && void remove(removing)}
            data-testid="gift-remove-confirm"
          >
            {removing && removing.sent > 0 ? t('catalogue.withdraw') : t('catalogue.delete')}
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
