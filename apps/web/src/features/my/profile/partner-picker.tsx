import type { PublicUser } from '@chat/shared';
import { useEffect, useState } from 'react';
import { Button, Form, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { myApi } from '../api';

/** Waits this long after the last key before asking the server. */
export const SEARCH_DELAY_MS = 300;
const MIN_QUERY = 2;

interface PartnerPickerProps {
  value: PublicUser | null;
  onChange: (user: PublicUser | null) => void;
  selfId: number;
  errors?: string[];
}

/** Choose a partner by nick (prefix search of the profiles list); shows the chosen one. */
export function PartnerPicker({ value, onChange, selfId, errors = [] }: PartnerPickerProps) {
  const { t } = useTranslation('my');
  const [q, setQ] = useState('');
  const [found, setFound] = useState<PublicUser[]>([]);

  useEffect(() => {
    const text = q.trim();
    if (text.length < MIN_QUERY) return;
    let live = true;
    const timer = setTimeout(() => {
      myApi.searchUsers(text).then(
        (list) => {
          if (live) setFound(list.filter((u) => u.id !== selfId).slice(0, 8));
        },
        () => {
          if (live) setFound([]);
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q, selfId]);

  // A query too short to search shows nothing (what an older query found is stale).
  const shown = q.trim().length >= MIN_QUERY ? found : [];
  if (value) {
    return (
      <div className="d-flex align-items-center gap-2" data-testid="partner-chosen">
        <span className="fw-medium text-truncate">{value.nick.nick}</span>
        <Button size="sm" variant="outline-secondary" onClick={() => onChange(null)}>
          {t('profile.partnerChange')}
        </Button>
      </div>
    );
  }
  return (
    <div className="position-relative">
      <Form.Control
        type="search"
        value={q}
        placeholder={t('profile.partnerSearch')}
        aria-label={t('profile.partnerSearch')}
        onChange={(e) => setQ(e.target.value)}
        isInvalid={errors.length > 0}
        data-testid="partner-search"
      />
      {errors.length > 0 && (
        <Form.Control.Feedback type="invalid" data-testid="error-partner_id">
          {errors.join(' ')}
        </Form.Control.Feedback>
      )}
      {shown.length > 0 && (
        <ListGroup className="mt-1 shadow-sm" data-testid="partner-results">
          {shown.map((user) => (
            <ListGroup.Item
              key={user.id}
              action
              onClick={() => {
                onChange(user);
                setQ('');
              }}
            >
              {user.nick.nick}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
