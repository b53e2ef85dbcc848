import type { AdminFont } from '@chat/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Badge, Button, Card, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../session/store';
import type { SectionProps } from '../sections';
import { loadFontFaces } from '../../../shared/hooks/use-fonts';
import { catalogKeys, deleteFont, fontsQuery, updateFont } from './api';
import { ConfirmButton } from '../components/confirm-button';
import { FontForm } from './font-form';

/**
 * The admin area's nick fonts (issue 23): each previewed on a sample nick, an upload form,
 * premium-only, withdraw (a font that nicks use) or delete (one nobody uses).
 */
export function FontsSection(_props: SectionProps) {
  const { t } = useTranslation('admin-catalog');
  const client = useQueryClient();
  const { data: fonts, isPending, isError } = useQuery(fontsQuery());
  const sample = useSessionStore((s) => s.userData?.user.nick.nick) ?? t('fonts.sample');
  const refresh = () => void client.invalidateQueries({ queryKey: catalogKeys.fonts });
  // Withdrawn fonts are no longer in init: loaded here so their preview still shows.
  useEffect(() => {
    if (fonts) loadFontFaces(fonts);
  }, [fonts]);

  if (isPending) return <Spinner animation="border" role="status" aria-label={t('loading')} />;
  if (isError) return <p className="text-danger">{t('loadFailed')}</p>;

  const patch = (font: AdminFont, body: { premium_only?: boolean; active?: boolean }) =>
    void updateFont(font.id, { ...body, updated_at: font.updated_at }).finally(refresh);
  const remove = (font: AdminFont) => void deleteFont(font.id).finally(refresh);

  return (
    <section data-testid="admin-fonts">
      <h1 className="h4">{t('fonts.title')}</h1>
      <Card className="mb-3">
        <Card.Body>
          <h2 className="h6">{t('fonts.add')}</h2>
          <FontForm onAdded={refresh} />
        </Card.Body>
      </Card>
      <Table responsive hover className="align-middle">
        <thead>
          <tr>
            <th scope="col">{t('fonts.family')}</th>
            <th scope="col">{t('fonts.preview')}</th>
            <th scope="col">{t('fonts.premiumOnly')}</th>
            <th scope="col">{t('fonts.users')}</th>
            <th scope="col">{t('fonts.state')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('fonts.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fonts.map((font) => (
            <tr key={font.id} data-testid="admin-font">
              <td>{font.font_family}</td>
              <td style={{ fontFamily: `"${font.font_family}"`, fontSize: '1.25rem' }}>{sample}</td>
              <td>
                <Form.Check
                  type="switch"
                  id={`font-premium-${font.id}`}
                  aria-label={t('fonts.premiumOf', { name: font.font_family })}
                  checked={font.premium_only}
                  onChange={(e) => patch(font, { premium_only: e.target.checked })}
                />
              </td>
              <td>{font.users}</td>
              <td>
                {font.active ? (
                  <Badge bg="success">{t('fonts.active')}</Badge>
                ) : (
                  <Badge bg="secondary">{t('fonts.withdrawn')}</Badge>
                )}
              </td>
              <td className="text-nowrap">
                <span className="d-inline-flex flex-wrap gap-1">
                  {!font.active && (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      onClick={() => patch(font, { active: true })}
                    >
                      {t('fonts.restore')}
                    </Button>
                  )}
                  {/* A font that nicks use can only be withdrawn; one nobody uses, deleted. */}
                  {(font.active || font.users === 0) && (
                    <ConfirmButton
                      label={font.users > 0 ? t('fonts.withdraw') : t('delete')}
                      question={
                        font.users > 0
                          ? t('fonts.withdrawQuestion', { n: font.users })
                          : t('fonts.deleteQuestion')
                      }
                      onConfirm={() => remove(font)}
                    />
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
