import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from '../sections';
import { catalogKeys, createGroup, smileysQuery } from './api';
import { SmileyForm } from './smiley-form';
import { SmileyGroupCard } from './smiley-group-card';

/**
 * The admin area's smileys (issue 23): groups as cards, a form to add a smiley, each smiley
 * edited, deleted or reordered in place. Every change reaches chatting people's pickers at once
 * (`CatalogUpdated` 'smileys').
 */
export function SmileysSection(_props: SectionProps) {
  const { t } = useTranslation('admin-catalog');
  const client = useQueryClient();
  const { data: groups, isPending, isError } = useQuery(smileysQuery());
  const refresh = () => void client.invalidateQueries({ queryKey: catalogKeys.smileys });

  if (isPending) return <Spinner animation="border" role="status" aria-label={t('loading')} />;
  if (isError) return <p className="text-danger">{t('loadFailed')}</p>;

  return (
    <section data-testid="admin-smileys">
      <h1 className="h4">{t('smileys.title')}</h1>
      <Card className="mb-3">
        <Card.Body>
          <h2 className="h6">{t('smileys.add')}</h2>
          {groups.length > 0 ? (
            <SmileyForm groups={groups} onAdded={refresh} />
          ) : (
            <p className="mb-0 text-body-secondary">{t('smileys.noGroups')}</p>
          )}
        </Card.Body>
      </Card>
      {groups.map((group) => (
        <SmileyGroupCard
          key={`${group.id}:${group.updated_at}`}
          group={group}
          groups={groups}
          onChanged={refresh}
          onReordered={(next) => client.setQueryData(catalogKeys.smileys, next)}
        />
      ))}
      <GroupForm onAdded={refresh} />
    </section>
  );
}

function GroupForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('admin-catalog');
  const [names, setNames] = useState({ name_ru: '', name_en: '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!names.name_ru.trim() || !names.name_en.trim()) return;
    await createGroup(names);
    setNames({ name_ru: '', name_en: '' });
    onAdded();
  };
  return (
    <Card>
      <Card.Body>
        <h2 className="h6">{t('groups.add')}</h2>
        <Form onSubmit={(e) => void submit(e)}>
          <Row className="g-2 align-items-end">
            <Col xs={12} md={5}>
              <Form.Group controlId="group-name-ru">
                <Form.Label>{t('groups.nameRu')}</Form.Label>
                <Form.Control
                  required
                  maxLength={64}
                  value={names.name_ru}
                  onChange={(e) => setNames({ ...names, name_ru: e.target.value })}
                />
              </Form.Group>
            </Col>
            <Col xs={12} md={5}>
              <Form.Group controlId="group-name-en">
                <Form.Label>{t('groups.nameEn')}</Form.Label>
                <Form.Control
                  required
                  maxLength={64}
                  value={names.name_en}
                  onChange={(e) => setNames({ ...names, name_en: e.target.value })}
                />
              </Form.Group>
            </Col>
            <Col xs={12} md={2} className="d-grid">
              <Button type="submit">{t('groups.addButton')}</Button>
            </Col>
          </Row>
        </Form>
      </Card.Body>
    </Card>
  );
}
