import { AGREEMENT_SLUG, PAGE_SLUG_PATTERN, type AdminPage } from '@chat/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import type { SectionProps } from '../sections';
import { pushToast } from '../../toasts/store';
import { adminPageQuery, adminPagesQuery, pagesKeys, previewPage, savePage } from './api';
import { readInitAgain } from './agreement-version';
import { PageEditor } from './page-editor';

const KNOWN = new Set(['agreement', 'privacy', 'rules']);

/** `/admin/agreement/{slug}`: the static pages, the agreement first (its sub is the slug). */
export function AgreementSection({ sub }: SectionProps) {
  const { t } = useTranslation('admin-pages');
  const id = useId();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const slug = sub && PAGE_SLUG_PATTERN.test(sub) ? sub : AGREEMENT_SLUG;
  const list = useQuery(adminPagesQuery());
  const page = useQuery(adminPageQuery(slug));
  const [typed, setTyped] = useState('');

  const open = (next: string) => void navigate(localePath(locale, `/admin/agreement/${next}`));
  const openNew = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim().toLowerCase();
    if (PAGE_SLUG_PATTERN.test(next)) {
      setTyped('');
      open(next);
    }
  };
  const nameOf = (s: string, title?: string) =>
    KNOWN.has(s) ? t(`pages.slugs.${s as 'agreement'}`) : title || s;
  const slugs = list.data?.map((p) => p.slug) ?? [];
  const options = slugs.includes(slug) ? slugs : [...slugs, slug];

  const saved = (next: AdminPage, published: boolean) => {
    queryClient.setQueryData(pagesKeys.page(slug), next);
    void queryClient.invalidateQueries({ queryKey: pagesKeys.list });
    void queryClient.invalidateQueries({ queryKey: ['pages', slug] });
    // This tab is not sent its own CatalogUpdated: the admin is asked to accept like everyone.
    if (published) void readInitAgain();
    pushToast({
      text: published ? t('pages.publishedVersion', { version: next.version }) : t('pages.saved'),
      variant: 'primary',
    });
  };

  return (
    <section data-testid="admin-agreement">
      <h2 className="h4 mb-3">{t('pages.title')}</h2>
      <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
        <Form.Group controlId={`${id}-page`} style={{ minWidth: 220 }}>
          <Form.Label>{t('pages.choose')}</Form.Label>
          <Form.Select
            value={slug}
            onChange={(e) => open(e.target.value)}
            data-testid="page-chooser"
          >
            {options.map((s) => (
              <option key={s} value={s}>
                {nameOf(s, list.data?.find((p) => p.slug === s)?.[`title_${locale}`])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form onSubmit={openNew} className="flex-grow-1" style={{ maxWidth: 360 }}>
          <Form.Label htmlFor={`${id}-new`}>{t('pages.newSlug')}</Form.Label>
          <InputGroup>
            <Form.Control
              id={`${id}-new`}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              pattern="[a-z0-9-]{1,64}"
              maxLength={64}
              aria-describedby={`${id}-new-hint`}
              data-testid="page-new-slug"
            />
            <Button type="submit" variant="outline-primary">
              {t('pages.open')}
            </Button>
          </InputGroup>
          <Form.Text id={`${id}-new-hint`}>{t('pages.newSlugHint')}</Form.Text>
        </Form>
      </div>
      <p className="d-flex flex-wrap gap-3 small">
        {slug === AGREEMENT_SLUG && page.data && (
          <span data-testid="agreement-version">
            {t('pages.version', { version: page.data.version })}
          </span>
        )}
        {page.data?.updated_at && (
          <Link
            to={localePath(locale, slug === AGREEMENT_SLUG ? '/agreement' : `/page/${slug}`)}
            target="_blank"
          >
            {t('pages.view')}
          </Link>
        )}
      </p>
      {page.isPending && <Spinner animation="border" size="sm" role="status" />}
      {page.isError && <Alert variant="danger">{t('pages.loadFailed')}</Alert>}
      {page.data && (
        <PageEditor
          key={`${slug}:${page.data.updated_at ?? 'new'}`}
          page={page.data}
          save={(body) => savePage(slug, body)}
          preview={previewPage}
          onSaved={saved}
          onReload={() => void page.refetch()}
        />
      )}
    </section>
  );
}
