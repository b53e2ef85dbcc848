import type { Gift, PublicUser } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../app/query-client';
import { makeClientId } from '../../../lib/outbox-queue';
import { useLocale } from '../../../lib/use-locale';
import { formatCoins } from '../../balance/format';
import { refreshWalletAfterPurchase } from '../../premium/after-purchase';
import {
  PurchaseAlert,
  purchaseProblem,
  type PurchaseProblem,
} from '../../premium/components/not-enough-coins';
import { profileKeys } from '../../profiles/api';
import { useSessionStore } from '../../session/store';
import { pushToast } from '../../toasts/store';
import { giftsCatalogueQuery, sendGift } from '../api';
import { GiftGrid } from './gift-grid';

/** As the server's `sendGiftBody` allows. */
export const GIFT_TEXT_MAX = 500;

interface Props {
  recipient: PublicUser;
  onClose: () => void;
}

/**
 * Choosing and sending a gift: the catalogue, a few words, anonymous and private. One request id
 * per opening, and a guard against a second click while the first is on its way: one gift, one
 * debit, however the button is pressed.
 */
export function GiftDialog({ recipient, onClose }: Props) {
  const { t } = useTranslation('presents');
  const locale = useLocale();
  const premium = useSessionStore((s) => s.premium?.active === true);
  const total = useSessionStore((s) => s.balance + s.bonus);
  const catalogue = useQuery(giftsCatalogueQuery());
  const [requestId] = useState(makeClientId);
  const [gift, setGift] = useState<Gift | null>(null);
  const [text, setText] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [problem, setProblem] = useState<PurchaseProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const nick = recipient.nick.nick;

  const send = async () => {
    if (!gift || sending.current) return;
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      const words = text.trim();
      await sendGift({
        gift_id: gift.id,
        user_id: recipient.id,
        anonymous,
        private: hidden,
        ...(words ? { text: words } : {}),
        request_id: requestId,
      });
      pushToast({ text: t('dialog.sent', { nick, gift: gift.name }), variant: 'primary' });
      void refreshWalletAfterPurchase();
      // The recipient's profile lists its gifts: an open one shows the new gift.
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      onClose();
    } catch (error) {
      setProblem(purchaseProblem(error));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={onClose} centered size="lg" data-testid="gift-dialog">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {t('dialog.title', { nick })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {catalogue.isPending && (
          <div role="status">
            <Spinner size="sm" className="me-2" />
            {t('dialog.loading')}
          </div>
        )}
        {catalogue.isError && (
          <p className="text-danger" role="alert">
            {t('dialog.loadFailed')}
          </p>
        )}
        {catalogue.data?.length === 0 && (
          <p className="text-body-secondary" data-testid="gift-catalogue-empty">
            {t('dialog.empty')}
          </p>
        )}
        {catalogue.data && catalogue.data.length > 0 && (
          <GiftGrid
            gifts={catalogue.data}
            chosen={gift?.id ?? null}
            premium={premium}
            onChoose={(next) => {
              setGift(next);
              setProblem(null);
            }}
          />
        )}
        <Form.Group controlId="gift-text" className="mt-3">
          <Form.Label className="fw-medium">{t('dialog.text')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={GIFT_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('dialog.textPlaceholder')}
            data-testid="gift-text"
          />
        </Form.Group>
        <Form.Check
          type="switch"
          id="gift-anonymous"
          className="mt-3"
          label={t('dialog.anonymous')}
          checked={anonymous}
          onChange={(e) => setAnonymous(e.target.checked)}
          data-testid="gift-anonymous"
        />
        <Form.Text className="d-block ms-5 mt-0">{t('dialog.anonymousHint', { nick })}</Form.Text>
        <Form.Check
          type="switch"
          id="gift-private"
          className="mt-2"
          label={t('dialog.private')}
          checked={hidden}
          onChange={(e) => setHidden(e.target.checked)}
          data-testid="gift-private"
        />
        <Form.Text className="d-block ms-5 mt-0">{t('dialog.privateHint', { nick })}</Form.Text>
        <p className="small text-body-secondary mt-3 mb-2" data-testid="gift-wallet">
          {t('dialog.wallet', { total: formatCoins(total, locale) })}
        </p>
        {problem && <PurchaseAlert problem={problem} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>
        <Button onClick={() => void send()} disabled={busy || !gift} data-testid="gift-send">
          {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {gift
            ? t('dialog.sendFor', { price: formatCoins(gift.price, locale) })
            : t('dialog.choose')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
