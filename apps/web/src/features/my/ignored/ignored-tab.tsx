import type { PublicUser } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../../chat/store';
import { myApi, myKeys } from '../api';
import { UserRow } from '../user-row';

/** People the chat knows by sight (room lists), then the server's list of whom I ignore. */
function knownUsers(listed: readonly PublicUser[] | undefined): Map<number, PublicUser> {
  const known = new Map<number, PublicUser>();
  for (const room of useChatStore.getState().rooms.rooms) {
    for (const entry of room.users) known.set(entry.user.id, entry.user);
  }
  for (const user of listed ?? []) known.set(user.id, user);
  return known;
}

/** My ignore list (user data `ignored_users`, kept by the chat store), each with "Stop ignoring". */
export function IgnoredTab() {
  const { t } = useTranslation('my');
  const ignored = useChatStore((s) => s.ignoredUsers);
  const [busy, setBusy] = useState<number | null>(null);
  // Keyed by the list's size: ignoring someone elsewhere brings their nick in on the next look.
  const listed = useQuery({
    queryKey: [...myKeys.ignored, ignored.size],
    queryFn: () => myApi.ignored(),
  });
  const known = knownUsers(listed.data);
  const ids = [...ignored];

  const unignore = async (id: number) => {
    setBusy(id);
    try {
      await useChatStore.getState().toggleIgnore(id);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  };

  if (ids.length === 0)
    return (
      <p className="text-body-secondary" data-testid="ignored-empty">
        {t('ignored.empty')}
      </p>
    );
  return (
    <ListGroup data-testid="ignored-tab">
      {ids.map((id) => {
        const button = (
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={busy === id}
            onClick={() => void unignore(id)}
            data-testid="unignore"
          >
            {t('ignored.remove')}
          </Button>
        );
        const user = known.get(id);
        return user ? (
          <UserRow key={id} user={user}>
            {button}
          </UserRow>
        ) : (
          <ListGroup.Item
            key={id}
            className="d-flex align-items-center gap-2"
            data-testid="user-row"
          >
            <span className="flex-grow-1">{t('ignored.user', { id })}</span>
            {button}
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}
