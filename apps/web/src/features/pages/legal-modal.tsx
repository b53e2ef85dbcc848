import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLegalStore, type LegalSlug } from './legal-store';
import { PageContent } from './page-content';
import { usePage } from './use-page';

const OTHER: Record<LegalSlug, LegalSlug> = { privacy: 'agreement', agreement: 'privacy' };

function LegalDocumentModal({ slug }: { slug: LegalSlug }) {
  const { t } = useTranslation();
  const open = useLegalStore((s) => s.open);
  const show = useLegalStore((s) => s.show);
  const hide = useLegalStore((s) => s.hide);
  const isOpen = open === slug;
  const state = usePage(slug, isOpen);
  const fallbackTitle = t(`shell:legal.${slug}`);
  const other = OTHER[slug];

  return (
    <Modal show={isOpen} onHide={hide} size="lg" scrollable aria-labelledby={`legal-${slug}-title`}>
      <Modal.Header closeButton closeLabel={t('common:actions.close')}>
        <Modal.Title id={`legal-${slug}-title`}>{state.page?.title ?? fallbackTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body data-testid={`legal-${slug}`}>
        <PageContent
          state={state}
          missingText={t('shell:legal.missing')}
          failedText={t('shell:legal.loadFailed')}
        />
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <Button variant="link" className="px-0" onClick={() => show(other)}>
          {t(`shell:legal.${other}`)}
        </Button>
        <Button variant="primary" onClick={hide}>
          {t('common:actions.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** Both legal documents as modals, opened from the cookie notice and the restricted page. */
export function LegalModals() {
  return (
    <>
      <LegalDocumentModal slug="privacy" />
      <LegalDocumentModal slug="agreement" />
    </>
  );
}
