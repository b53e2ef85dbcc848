import type { RealtimeEventMap, UserData } from '@chat/shared';
import type { ChatEventActions } from '../chat/events';

/** What the realtime dispatcher calls about sanctions. */
export interface SanctionEventActions {
  /** `UserBanned` on `private-chat`: mine is fetched in full, another's cleans the chat. */
  userBanned(event: RealtimeEventMap['UserBanned']): void;
  /** `UserUpdated`: for me while sanctioned it means a sanction ended or was lifted. */
  userUpdated(event: RealtimeEventMap['UserUpdated']): void;
}

export interface SanctionEventDeps {
  me: () => UserData | null;
  /** GET /api/my/ban into the session store. */
  refreshMyBan: () => Promise<void>;
  chat: () => Pick<ChatEventActions, 'userBanned'>;
}

/**
 * The spec's client behaviour on `UserBanned` (section 3): on the current user, set the gag or
 * ban (the event carries no reason, so the details are read from GET /api/my/ban); on anyone
 * else, remove their messages, and on a full ban remove them from the chat.
 */
export function createSanctionEvents(deps: SanctionEventDeps): SanctionEventActions {
  return {
    userBanned: (event) => {
      const me = deps.me();
      if (me !== null && event.user_id === me.user.id) {
        void deps.refreshMyBan();
        return;
      }
      deps.chat().userBanned(event);
    },
    userUpdated: ({ user }) => {
      const me = deps.me();
      if (me === null || user.id !== me.user.id) return;
      if (me.gag !== null || me.ban !== null) void deps.refreshMyBan();
    },
  };
}
