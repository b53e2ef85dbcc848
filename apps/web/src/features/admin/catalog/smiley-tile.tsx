import type { AdminSmiley, AdminSmileyGroup } from '@chat/shared';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState, type KeyboardEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { updateSmiley } from './api';
import { ConfirmButton } from '../components/confirm-button';

interface SmileyTileProps {
  smiley: AdminSmiley;
  index: number;
  total: number;
  hintId: string;
  groups: readonly AdminSmileyGroup[];
  onMove: (to: number) => void;
  onDelete: () => void;
  onSaved: () => void;
  itemRef: (node: HTMLLIElement | null) => void;
}

const STEPS: Partial<Record<string, number>> = {
  ArrowLeft: -1,
  ArrowUp: -1,
  ArrowRight: 1,
  ArrowDown: 1,
};

/** One smiley: dragged by its picture, moved by arrows when focused, edited in place. */
export function SmileyTile(props: SmileyTileProps) {
  const { smiley, index, total, hintId, groups, onMove } = props;
  const { t, i18n } = useTranslation('admin-catalog');
  const [editing, setEditing] = useState(false);
  const [tag, setTag] = useState(smiley.tag);
  const [groupId, setGroupId] = useState(String(smiley.group_id));
  const [error, setError] = useState<string | null>(null);
  const { setNodeRef, transform, transition, isDragging, listeners, attributes } = useSortable({
    id: smiley.id,
    disabled: editing,
  });
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      onMove(event.key === 'Home' ? 0 : total - 1);
      return;
    }
    const step = STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    onMove(index + step);
  };
  const save = async () => {
    try {
      await updateSmiley(smiley.id, {
        tag: tag.trim().replace(/^-+|-+$/g, ''),
        group_id: Number(groupId),
        updated_at: smiley.updated_at,
      });
      setEditing(false);
      setError(null);
      props.onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.isValidation)
        setError(Object.values(e.errors).flat().join(' ') || e.message);
      else if (e instanceof ApiError && e.status === 409) props.onSaved();
    }
  };

  return (
    <li
      ref={(node) => {
        setNodeRef(node);
        props.itemRef(node);
      }}
      className={`admin-smiley card p-2${isDragging ? ' shadow' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      tabIndex={0}
      aria-roledescription={attributes['aria-roledescription']}
      aria-label={t('smileys.item', { tag: smiley.tag, n: index + 1, total })}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
      data-testid="admin-smiley"
      data-tag={smiley.tag}
    >
      <div className="d-flex align-items-center gap-2">
        <span
          className="admin-smiley-handle"
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...listeners}
        >
          <img src={smiley.file} alt="" width={28} height={28} draggable={false} />
        </span>
        <code>-{smiley.tag}-</code>
      </div>
      {editing ? (
        <div className="d-flex flex-column gap-1 mt-2">
          <Form.Control
            size="sm"
            aria-label={t('smileys.tag')}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            isInvalid={error !== null}
          />
          <Form.Select
            size="sm"
            aria-label={t('smileys.group')}
            value={groupId}
            onChange={(e) => setGroupId(e.target.value)}
          >
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {i18n.language === 'ru' ? g.name_ru : g.name_en}
              </option>
            ))}
          </Form.Select>
          {error && <div className="small text-danger">{error}</div>}
          <div className="d-flex gap-1">
            <Button size="sm" onClick={() => void save()}>
              {t('save')}
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setEditing(false)}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="d-flex flex-wrap gap-1 mt-2">
          <Button size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
            {t('edit')}
          </Button>
          <ConfirmButton
            label={t('delete')}
            question={t('smileys.deleteQuestion', { tag: smiley.tag })}
            onConfirm={props.onDelete}
          />
        </div>
      )}
    </li>
  );
}
