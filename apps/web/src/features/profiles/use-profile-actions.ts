import type { Profile } from '@chat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { useChatStore } from '../chat/store';
import { useImStore } from '../im/store';
import { addFriend, profileKeys, removeFriend } from './api';

export type ProfileAction = 'add' | 'remove' | 'ignore' | 'write';

/** Ignores or stops ignoring through the chat's store, so the chat's lists follow at once. */
async function toggleIgnore(profile: Profile): Promise<void> {
  const chat = useChatStore.getState();
  const id = profile.user.id;
  // The profile is the newer word on whether I ignore them; the store toggles from that.
  const ignored = new Set(chat.ignoredUsers);
  if (profile.ignoring) ignored.add(id);
  else ignored.delete(id);
  chat.hydrate({ ignored_users: [...ignored] });
  await chat.toggleIgnore(id);
}

/**
 * The profile's buttons: friends (add, accept, cancel, remove), ignore, write. After each the
 * profile is read again: the server decides what the friendship became. Failures are the API
 * client's toasts.
 */
export function useProfileActions(profile: Profile) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const locale = useLocale();
  const mutation = useMutation({
    mutationFn: async (action: ProfileAction) => {
      const id = profile.user.id;
      if (action === 'add') await addFriend(id);
      else if (action === 'remove') await removeFriend(id);
      else if (action === 'ignore') await toggleIgnore(profile);
      else {
        const channelId = await useImStore.getState().openWith(id);
        await navigate(localePath(locale, `/im/${channelId}`));
      }
    },
    onSettled: (_data, _error, action) => {
      if (action === 'write') return;
      void client.invalidateQueries({ queryKey: profileKeys.all });
      void client.invalidateQueries({ queryKey: ['friends'] });
    },
  });
  return {
    run: (action: ProfileAction) => mutation.mutate(action),
    pending: mutation.isPending ? mutation.variables : null,
  };
}
