import {
  RELEASE_PLATFORMS,
  type AppRelease,
  type AppReleaseCreate,
  type ReleasePlatform,
} from '@chat/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button, Form, Modal, ProgressBar, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { createRelease, patchRelease, uploadReleaseFile } from './api';

interface ReleaseFormProps {
  /** null: a new release of `platform`. */
  release: AppRelease | null;
  platform: ReleasePlatform;
  onDone: (saved: AppRelease) => void;
  onCancel: () => void;
}

/** Adds or edits one release in a dialog: version, notes per language, file or link, required. */
export function ReleaseForm({ release, platform, onDone, onCancel }: ReleaseFormProps) {
  const { t } = useTranslation('admin-pages');
  const id = useId();
  const [values, setValues] = useState({
    platform: release?.platform ?? platform,
    version: release?.version ?? '',
    notes_ru: release?.notes_ru ?? '',
    notes_en: release?.notes_en ?? '',
    url: release?.url ?? '',
    required: release?.required ?? false,
  });
  const [source, setSource] = useState<'file' | 'url'>(release?.file ? 'file' : 'url');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const errorOf = (name: string) => errors[name]?.join(' ');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      let stored: string | null = source === 'file' ? (release?.file ?? null) : null;
      if (source === 'file' && file) {
        setProgress(0);
        stored = await uploadReleaseFile(file, (loaded, total) =>
          setProgress(Math.round((loaded / Math.max(total, 1)) * 100)),
        );
      }
      const body: AppReleaseCreate = {
        platform: values.platform,
        version: values.version.trim(),
        notes_ru: values.notes_ru,
        notes_en: values.notes_en,
        required: values.required,
        file: source === 'file' ? stored : null,
        url: source === 'url' ? values.url.trim() || null : null,
      };
      onDone(
        release
          ? await patchRelease(release.id, { ...body, updated_at: release.updated_at })
          : await createRelease(body),
      );
    } catch (error) {
      if (error instanceof ApiError && error.isValidation) setErrors(error.errors);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Modal show onHide={onCancel} aria-labelledby={`${id}-title`} fullscreen="sm-down">
      <Form onSubmit={(e) => void submit(e)} noValidate data-testid="release-form">
        <Modal.Header closeButton closeLabel={t('releases.cancel')}>
          <Modal.Title id={`${id}-title`}>
            {release ? t('releases.edit') : t('releases.add')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId={`${id}-platform`}>
            <Form.Label>{t('releases.platform')}</Form.Label>
            <Form.Select
              value={values.platform}
              onChange={(e) =>
                setValues((v) => ({ ...v, platform: e.target.value as ReleasePlatform }))
              }
            >
              {RELEASE_PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {t(`releases.platforms.${p}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${id}-version`}>
            <Form.Label>{t('releases.version')}</Form.Label>
            <Form.Control
              value={values.version}
              onChange={(e) => setValues((v) => ({ ...v, version: e.target.value }))}
              inputMode="decimal"
              placeholder="1.2.3"
              required
              isInvalid={Boolean(errorOf('version'))}
              aria-describedby={`${id}-version-hint`}
              data-testid="release-version"
            />
            <Form.Text id={`${id}-version-hint`}>{t('releases.versionHint')}</Form.Text>
            <Form.Control.Feedback type="invalid">{errorOf('version')}</Form.Control.Feedback>
          </Form.Group>
          {(['ru', 'en'] as const).map((lang) => (
            <Form.Group className="mb-3" controlId={`${id}-notes-${lang}`} key={lang}>
              <Form.Label>{t('releases.notes', { language: t(`pages.${lang}`) })}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={values[`notes_${lang}`]}
                onChange={(e) => setValues((v) => ({ ...v, [`notes_${lang}`]: e.target.value }))}
                maxLength={5000}
                isInvalid={Boolean(errorOf(`notes_${lang}`))}
              />
            </Form.Group>
          ))}
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('releases.source')}</legend>
            <Form.Check
              inline
              type="radio"
              id={`${id}-source-url`}
              name={`${id}-source`}
              label={t('releases.sourceUrl')}
              checked={source === 'url'}
              onChange={() => setSource('url')}
            />
            <Form.Check
              inline
              type="radio"
              id={`${id}-source-file`}
              name={`${id}-source`}
              label={t('releases.sourceFile')}
              checked={source === 'file'}
              onChange={() => setSource('file')}
            />
          </fieldset>
          {source === 'url' ? (
            <Form.Group className="mb-3" controlId={`${id}-url`}>
              <Form.Label>{t('releases.url')}</Form.Label>
              <Form.Control
                type="url"
                value={values.url}
                onChange={(e) => setValues((v) => ({ ...v, url: e.target.value }))}
                placeholder="https://"
                isInvalid={Boolean(errorOf('url'))}
                data-testid="release-url"
              />
              <Form.Control.Feedback type="invalid">{errorOf('url')}</Form.Control.Feedback>
            </Form.Group>
          ) : (
            <Form.Group className="mb-3" controlId={`${id}-file`}>
              <Form.Label>{t('releases.file')}</Form.Label>
              <Form.Control
                type="file"
                accept=".exe,.msi,.apk,.ipa,.dmg"
                onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
                isInvalid={Boolean(errorOf('file') ?? errorOf('url'))}
                data-testid="release-file"
              />
              {release?.file && <Form.Text>{t('releases.fileKept')}</Form.Text>}
              <Form.Control.Feedback type="invalid">
                {errorOf('file') ?? errorOf('url')}
              </Form.Control.Feedback>
              {progress !== null && (
                <ProgressBar
                  className="mt-2"
                  now={progress}
                  label={t('releases.uploading', { percent: progress })}
                />
              )}
            </Form.Group>
          )}
          <Form.Check
            type="switch"
            id={`${id}-required`}
            checked={values.required}
            onChange={(e) => setValues((v) => ({ ...v, required: e.target.checked }))}
            label={t('releases.required')}
            aria-describedby={`${id}-required-hint`}
            data-testid="release-required"
          />
          <Form.Text id={`${id}-required-hint`}>{t('releases.requiredHint')}</Form.Text>
        </Modal.Body>
        <Modal.Footer className="flex-wrap">
          <Button variant="outline-secondary" onClick={onCancel}>
            {t('releases.cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="release-save">
            {busy && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
            {t('releases.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
