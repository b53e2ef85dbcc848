import type { AdminSmileyGroup } from '@chat/shared';
import {
  closestCenter,
  DndContext,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { useId, useRef, useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { deleteGroup, deleteSmiley, saveSmileyOrder, updateGroup } from './api';
import { ConfirmButton } from '../components/confirm-button';
import { SmileyTile } from './smiley-tile';

interface SmileyGroupCardProps {
  group: AdminSmileyGroup;
  groups: readonly AdminSmileyGroup[];
  onChanged: () => void;
  onReordered: (groups: AdminSmileyGroup[]) => void;
}

/**
 * A group as a card: its names (renamed in place), its smileys in order, dragged with the mouse
 * or a finger, or moved by arrows on a focused smiley; each move is saved in one call.
 */
export function SmileyGroupCard({ group, groups, onChanged, onReordered }: SmileyGroupCardProps) {
  const { t, i18n } = useTranslation('admin-catalog');
  const hintId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [renaming, setRenaming] = useState(false);
  const [names, setNames] = useState({ name_ru: group.name_ru, name_en: group.name_en });
  const items = useRef(new Map<number, HTMLLIElement>());
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  );
  const ids = group.smileys.map((s) => s.id);
  const total = ids.length;
  const name = i18n.language === 'ru' ? group.name_ru : group.name_en;

  const move = async (from: number, to: number, refocus: boolean) => {
    if (to < 0 || to >= total || from === to) return;
    const moved = group.smileys[from];
    if (!moved) return;
    const order = arrayMove(ids, from, to);
    setAnnouncement(t('smileys.moved', { tag: moved.tag, n: to + 1, total }));
    onReordered(
      groups.map((g) =>
        g.id === group.id ? { ...g, smileys: arrayMove(g.smileys, from, to) } : g,
      ),
    );
    if (refocus) requestAnimationFrame(() => items.current.get(moved.id)?.focus());
    onReordered(await saveSmileyOrder({ groups: [{ id: group.id, smiley_ids: order }] }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over === null || active.id === over.id) return;
    void move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)), false);
  };
  const rename = async () => {
    await updateGroup(group.id, { ...names, updated_at: group.updated_at }).catch(() => null);
    setRenaming(false);
    onChanged();
  };

  return (
    <Card className="mb-3" data-testid="smiley-group" data-group-id={group.id}>
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
        {renaming ? (
          <>
            <Form.Control
              size="sm"
              className="w-auto"
              aria-label={t('groups.nameRu')}
              value={names.name_ru}
              onChange={(e) => setNames({ ...names, name_ru: e.target.value })}
            />
            <Form.Control
              size="sm"
              className="w-auto"
              aria-label={t('groups.nameEn')}
              value={names.name_en}
              onChange={(e) => setNames({ ...names, name_en: e.target.value })}
            />
            <Button size="sm" onClick={() => void rename()}>
              {t('save')}
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setRenaming(false)}>
              {t('cancel')}
            </Button>
          </>
        ) : (
          <>
            <h2 className="h6 mb-0 me-auto">{name}</h2>
            <Button size="sm" variant="outline-secondary" onClick={() => setRenaming(true)}>
              {t('groups.rename')}
            </Button>
            {total === 0 && (
              <ConfirmButton
                label={t('delete')}
                question={t('groups.deleteQuestion', { name })}
                onConfirm={() => void deleteGroup(group.id).then(onChanged)}
              />
            )}
          </>
        )}
      </Card.Header>
      <Card.Body>
        {total === 0 ? (
          <p className="text-body-secondary mb-0">{t('groups.empty')}</p>
        ) : (
          <>
            <p id={hintId} className="small text-body-secondary mb-2">
              {t('smileys.orderHint')}
            </p>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={ids} strategy={rectSortingStrategy}>
                <ol
                  className="list-unstyled d-flex flex-wrap gap-2 mb-0"
                  aria-label={t('smileys.orderLabel', { name })}
                >
                  {group.smileys.map((smiley, index) => (
                    <SmileyTile
                      key={`${smiley.id}:${smiley.updated_at}`}
                      smiley={smiley}
                      index={index}
                      total={total}
                      hintId={hintId}
                      groups={groups}
                      onMove={(to) => void move(index, to, true)}
                      onDelete={() => void deleteSmiley(smiley.id).then(onChanged)}
                      onSaved={onChanged}
                      itemRef={(node) => {
                        if (node) items.current.set(smiley.id, node);
                        else items.current.delete(smiley.id);
                      }}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
          </>
        )}
        <div className="visually-hidden" aria-live="polite" role="status">
          {announcement}
        </div>
      </Card.Body>
    </Card>
  );
}
