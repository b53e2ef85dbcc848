import type { FriendsList, PublicUser } from '@chat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { myApi, myKeys } from '../api';
import { UserRow } from '../user-row';

type Section = keyof FriendsList;
const SECTIONS: readonly Section[] = ['incoming', 'friends', 'outgoing'];

/** Friends, requests to me (accept, decline) and mine to others (cancel). */
export function FriendsTab() {
  const { t } = useTranslation('my');
  const client = useQueryClient();
  const query = useQuery({ queryKey: myKeys.friends, queryFn: () => myApi.friends() });
  const done = () => void client.invalidateQueries({ queryKey: myKeys.friends });
  const add = useMutation({ mutationFn: (id: number) => myApi.addFriend(id), onSettled: done });
  const drop = useMutation({ mutationFn: (id: number) => myApi.removeFriend(id), onSettled: done });
  const busy = add.isPending || drop.isPending;

  if (query.isPending) return <Spinner size="sm" aria-label={t('loading')} />;
  if (!query.data) return <p className="text-danger">{t('loadError')}</p>;
  const lists = query.data;

  const actions = (section: Section, user: PublicUser) => {
    const button = (label: string, variant: string, run: () => void, id: string) => (
      <Button size="sm" variant={variant} disabled={busy} onClick={run} data-testid={id}>
        {label}
      </Button>
    );
    if (section === 'incoming') {
      return (
        <>
          {button(t('friends.accept'), 'primary', () => add.mutate(user.id), 'friend-accept')}
          {button(
            t('friends.decline'),
            'outline-secondary',
            () => drop.mutate(user.id),
            'friend-decline',
          )}
        </>
      );
    }
    if (section === 'outgoing')
      return button(
        t('friends.cancel'),
        'outline-secondary',
        () => drop.mutate(user.id),
        'friend-cancel',
      );
    return button(
      t('friends.remove'),
      'outline-danger',
      () => drop.mutate(user.id),
      'friend-remove',
    );
  };

  return (
    <div data-testid="friends-tab">
      {SECTIONS.map((section) => (
        <section key={section} className="mb-4" data-testid={`friends-${section}`}>
          <h3 className="h6">
            {t(`friends.${section}`)}{' '}
            <span className="text-body-secondary">({lists[section].length})</span>
          </h3>
          {lists[section].length === 0 ? (
            <p className="text-body-secondary small mb-0">{t(`friends.${section}Empty`)}</p>
          ) : (
            <ListGroup>
              {lists[section].map((user) => (
                <UserRow key={user.id} user={user}>
                  {actions(section, user)}
                </UserRow>
              ))}
            </ListGroup>
          )}
        </section>
      ))}
    </div>
  );
}
