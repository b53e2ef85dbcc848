import { AGREEMENT_SLUG, type AdminPage, type AdminPageUpdate } from '@chat/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Row, Spinner, Tab, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { ServerHtml } from '../../../shared/ui/server-html';

const LANGUAGES = ['ru', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
const PREVIEW_DELAY_MS = 400;

export interface PageEditorProps {
  page: AdminPage;
  save: (body: AdminPageUpdate) => Promise<AdminPage>;
  preview: (text: string, signal: AbortSignal) => Promise<string>;
  onSaved: (page: AdminPage, published: boolean) => void;
  /** The page was saved by someone else meanwhile: read it again. */
  onReload: () => void;
}

type Fields = Pick<AdminPage, 'title_ru' | 'text_ru' | 'title_en' | 'text_en'>;

/** The server's rendering of one text, a moment after the admin stops typing. */
function usePreview(text: string, render: PageEditorProps['preview']) {
  const [result, setResult] = useState<{ text: string; html: string | null; failed: boolean }>({
    text: '',
    html: null,
    failed: false,
  });
  const empty = text.trim() === '';
  useEffect(() => {
    if (empty) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      render(text, controller.signal).then(
        (html) => setResult({ text, html, failed: false }),
        () => {
          if (!controller.signal.aborted) setResult((r) => ({ ...r, text, failed: true }));
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, empty, render]);
  // The last rendering stays in view while the next one is made.
  return {
    html: empty ? null : result.html,
    failed: !empty && result.failed,
    busy: !empty && result.text !== text,
  };
}

/**
 * One static page's both languages (tabs), each a title and a Markdown text with the server's
 * preview beside it; the agreement can be published as a new version everyone accepts again.
 */
export function PageEditor({ page, save, preview, onSaved, onReload }: PageEditorProps) {
  const { t } = useTranslation('admin-pages');
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => ({
    title_ru: page.title_ru,
    text_ru: page.text_ru,
    title_en: page.title_en,
    text_en: page.text_en,
  }));
  const [language, setLanguage] = useState<Language>('ru');
  const [newVersion, setNewVersion] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [conflicted, setConflicted] = useState(false);
  const shown = usePreview(fields[`text_${language}`], preview);
  const isAgreement = page.slug === AGREEMENT_SLUG;

  const set = (name: keyof Fields, value: string) => setFields((f) => ({ ...f, [name]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const saved = await save({ ...fields, new_version: newVersion, updated_at: page.updated_at });
      setNewVersion(false);
      onSaved(saved, newVersion);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflicted(true);
      else if (error instanceof ApiError && error.isValidation) {
        setErrors(error.errors);
        const first = Object.keys(error.errors).find((f) => /_(ru|en)$/.test(f));
        if (first) setLanguage(first.endsWith('_en') ? 'en' : 'ru');
      }
    } finally {
      setBusy(false);
    }
  };
  const errorOf = (name: string) => errors[name]?.join(' ');

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate data-testid="page-editor">
      {page.updated_at === null && (
        <Alert variant="info" className="py-2">
          {t('pages.notCreated')}
        </Alert>
      )}
      {conflicted && (
        <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{t('pages.conflict')}</span>
          <Button size="sm" variant="outline-dark" onClick={onReload}>
            {t('pages.reload')}
          </Button>
        </Alert>
      )}
      <Tabs
        activeKey={language}
        onSelect={(key) => setLanguage(key === 'en' ? 'en' : 'ru')}
        className="mb-3"
        id={`${id}-languages`}
      >
        {LANGUAGES.map((lang) => (
          <Tab key={lang} eventKey={lang} title={t(`pages.${lang}`)}>
            <Row className="g-3">
              <Col lg={6}>
                <Form.Group className="mb-3" controlId={`${id}-title-${lang}`}>
                  <Form.Label>{t('pages.pageTitle', { language: t(`pages.${lang}`) })}</Form.Label>
                  <Form.Control
                    value={fields[`title_${lang}`]}
                    onChange={(e) => set(`title_${lang}`, e.target.value)}
                    maxLength={255}
                    required
                    isInvalid={Boolean(errorOf(`title_${lang}`))}
                    data-testid={`page-title-${lang}`}
                  />
                  <Form.Control.Feedback type="invalid">
                    {errorOf(`title_${lang}`)}
                  </Form.Control.Feedback>
                </Form.Group>
                <Form.Group controlId={`${id}-text-${lang}`}>
                  <Form.Label>{t('pages.text', { language: t(`pages.${lang}`) })}</Form.Label>
                  <Form.Control
                    as="textarea"
                    rows={16}
                    className="font-monospace"
                    value={fields[`text_${lang}`]}
                    onChange={(e) => set(`text_${lang}`, e.target.value)}
                    isInvalid={Boolean(errorOf(`text_${lang}`))}
                    aria-describedby={`${id}-hint-${lang}`}
                    data-testid={`page-text-${lang}`}
                  />
                  <Form.Text id={`${id}-hint-${lang}`}>{t('pages.textHint')}</Form.Text>
                  <Form.Control.Feedback type="invalid">
                    {errorOf(`text_${lang}`)}
                  </Form.Control.Feedback>
                </Form.Group>
              </Col>
              <Col lg={6}>
                <section
                  className="border rounded p-3 h-100 bg-body-tertiary"
                  aria-label={t('pages.preview')}
                  aria-live="polite"
                  data-testid={`page-preview-${lang}`}
                >
                  <h3 className="h6 text-body-secondary">
                    {t('pages.preview')}
                    {lang === language && shown.busy && (
                      <Spinner size="sm" animation="border" className="ms-2" aria-hidden />
                    )}
                  </h3>
                  {lang === language && shown.failed && (
                    <p className="small text-body-secondary">{t('pages.previewFailed')}</p>
                  )}
                  {lang === language && shown.html !== null ? (
                    <ServerHtml html={shown.html} className="page-body" />
                  ) : (
                    <p className="small text-body-secondary mb-0">{t('pages.previewEmpty')}</p>
                  )}
                </section>
              </Col>
            </Row>
          </Tab>
        ))}
      </Tabs>
      {isAgreement && (
        <div className="mt-3">
          <Form.Check
            id={`${id}-new-version`}
            checked={newVersion}
            onChange={(e) => setNewVersion(e.target.checked)}
            label={t('pages.newVersion')}
            isInvalid={Boolean(errorOf('new_version'))}
            data-testid="page-new-version"
          />
          {newVersion && (
            <Alert variant="warning" className="mt-2 py-2" data-testid="page-new-version-warning">
              {t('pages.newVersionWarning')}
            </Alert>
          )}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button
          type="submit"
          variant={newVersion ? 'warning' : 'primary'}
          disabled={busy}
          data-testid="page-save"
        >
          {busy && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
          {newVersion ? t('pages.publish') : t('pages.save')}
        </Button>
      </div>
    </Form>
  );
}
