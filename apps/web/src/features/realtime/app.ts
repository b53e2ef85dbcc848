import { createCatalogEvents } from '../admin/catalog-events';
import { parseChannel, ROOM_STATE, type InitData, type UserData } from '@chat/shared';
import { currentLocale, translate } from '../../i18n/i18n';
import { readCookie } from '../../lib/cookies';
import { useChatStore } from '../chat/store';
import { useImStore } from '../im/store';
import { useNotificationsStore } from '../notifications/store';
import { useUploadsStore } from '../uploads/store';
import { useSessionStore } from '../session/store';
import { pushToast } from '../toasts/store';
import { createChannelAuthorizer } from './channel-auth';
import { createRealtimeClient } from './client';
import { createDispatcher } from './dispatcher';
import { bindRealtimeClient } from './port';
import { createPusher } from './pusher';
import { useRealtimeStore } from './store';
import { useFontsStore } from '../../shared/hooks/use-fonts';
import { queryClient } from '../../app/query-client';
import { createIdentityEvents, isIdentityPatch } from './identity-events';
import { patchUser, useUserCache } from '../../shared/users/user-cache';
import { sessionEnded } from '../my/session-ended';
import { isSanctionPatch, refreshMyBan } from '../sanctions/my-ban';
import { createSanctionEvents } from '../sanctions/sanction-events';
import { createComplaintEvents } from '../complaints/cache';
import { createBalanceEvents } from '../balance/balance-events';
import { applyMyPremium, isPremiumPatch, refreshMyPerks } from '../premium/my-premium';
import { createPremiumEvents } from '../premium/premium-events';
import { createFriendshipEvents } from '../profiles/friendship-events';
import { isRolesPatch, refreshMyRoles } from '../session/my-roles';
import { forumEvents } from '../forum/live';
import { artEvents } from '../art/live';
import { videoEvents } from '../video/video-events';

declare global {
  interface Window {
    /** Development builds only: the stores, for poking at from the browser console. */
    __chat?: typeof useChatStore;
    __realtime?: typeof useRealtimeStore;
  }
}

let stopCurrent: (() => void) | null = null;

const chat = () => useChatStore.getState();
const im = () => useImStore.getState();

// Written once to the user cache, which whatever shows a user reads.
const identity = createIdentityEvents(patchUser);
// My own user data follows it: the navbar shows it and the chat finds my mentions by its nick.
useUserCache.subscribe(({ last }, prev) => {
  if (last !== null && last !== prev.last)
    useSessionStore.getState().userPatched(last.userId, last.patch);
});
const complaints = createComplaintEvents(queryClient);
const balance = createBalanceEvents(queryClient);
const catalog = createCatalogEvents(queryClient);
const premium = createPremiumEvents({
  applyMine: applyMyPremium,
  refreshPerks: () => void refreshMyPerks(),
  patchUser,
});
const friendship = createFriendshipEvents(queryClient);
const sanctions = createSanctionEvents({
  me: () => useSessionStore.getState().userData,
  refreshMyBan,
  chat,
});

/** Failed room authorizations shown already in this connection, so a flapping one says it once. */
const alerted = new Set<string>();

/**
 * A refused channel authorization. Routine cases stay quiet: a channel of a room I no longer
 * hold, or of a user signed out meanwhile. A 403/404 on a room I still hold means the server no
 * longer counts me in it, so the room goes, as if I had left from another tab. Anything else on a
 * room is shown until closed (spec section 8), since that room now hears nothing.
 */
function onAuthFailure(channelName: string, status: number): void {
  const parsed = parseChannel(channelName);
  if (parsed.kind !== 'room') return;
  if (!chat().rooms.rooms.some((room) => room.id === parsed.roomId)) return;
  const me = useSessionStore.getState().userData?.user.id;
  if ((status === 403 || status === 404) && me !== undefined) {
    chat().userStateUpdated({ room_id: parsed.roomId, user_id: me, state_id: ROOM_STATE.leaving });
    return;
  }
  if (alerted.has(channelName)) return;
  alerted.add(channelName);
  const key =
    status === 0
      ? 'errors:network'
      : status === 419
        ? 'errors:sessionExpired'
        : status >= 500
          ? 'errors:server'
          : 'errors:unauthorized';
  pushToast({ text: translate(key, currentLocale()), variant: 'danger', autohide: false });
}

/** The session's user decides the private channels, and whose lists and settings the chat holds. */
function followSession(userData: UserData | null, previous: UserData | null | undefined): void {
  const id = userData?.user.id ?? null;
  // Another user, or none: nothing of the previous one may stay on screen.
  if (previous === undefined || id !== (previous?.user.id ?? null)) {
    chat().reset();
    im().reset();
    // Pictures on their way belong to the previous user's message boxes.
    useUploadsStore.getState().reset();
  }
  // The navbar's unread private messages, live from then on by Im.MessagesCountUpdated.
  if (userData) im().hydrateCount(userData.counters.im_unread_count);
  // The bell: the newest notifications and the count, live from then on on private-user.{id}.
  useNotificationsStore
    .getState()
    .hydrate(
      userData?.user.id ?? null,
      userData?.notifications ?? [],
      userData?.counters.unread_notifications ?? 0,
    );
  if (userData) {
    chat().hydrate({
      settings: userData.settings,
      ignored_users: userData.ignored_users,
      quotes: userData.quotes,
    });
  }
}

/**
 * Opens the site's one realtime connection once init has answered, and keeps it in step with the
 * session: `common` always, the user's channels while signed in, the rooms as the chat holds them.
 */
export function startRealtime(init: InitData): void {
  stopRealtime();
  chat().hydrate({ trolls: init.trolls });
  // Nick styles name fonts by id; the init call is where the site's fonts come from.
  useFontsStore.getState().setFonts(init.fonts ?? []);
  const session = useSessionStore.getState();
  followSession(session.userData, undefined);
  // An init without realtime settings (an old server, a test) leaves the site without a socket.
  if (!init.broadcasting) {
    useRealtimeStore.getState().setConnection('error', null);
    return;
  }

  const authorize = createChannelAuthorizer({
    endpoint: init.broadcasting.auth_endpoint,
    fetch: (input, options) => window.fetch(input, options),
    getCookie: (name) => readCookie(name),
    getApiToken: () => useSessionStore.getState().apiToken,
    getLocale: currentLocale,
    onFailure: onAuthFailure,
  });
  const client = createRealtimeClient({
    pusher: createPusher(init.broadcasting, authorize),
    dispatcher: createDispatcher({
      chat,
      im,
      uploads: () => useUploadsStore.getState(),
      notifications: () => useNotificationsStore.getState(),
      identity: () => identity,
      sanctions: () => sanctions,
      complaints: () => complaints,
      balance: () => balance,
      premium: () => premium,
      friendship: () => friendship,
      video: () => videoEvents,
      rolesUpdated: () => void refreshMyRoles(),
      catalogUpdated: ({ part }) => catalog.catalogUpdated(part),
      requireUpdate: () => useSessionStore.getState().requireUpdate(),
      sessionEnded: (p) => void sessionEnded(p),
      // Heard only while a thread page listens (features/forum/live.ts).
      forum: () => forumEvents,
      // Heard only while a post page listens (features/art/live.ts).
      art: () => artEvents,
    }),
    onState: (state, socketId) => useRealtimeStore.getState().setConnection(state, socketId),
    onConnected: ({ reconnect }) => {
      alerted.clear();
      // The catch-up reads each room's last id now, before the outbox lands our own newer
      // messages: starting after those would skip what others said during the outage.
      if (reconnect) {
        void chat().resync();
        // Each open conversation fetches what it missed (after= its last id), before the outbox
        // sends ours, and the channel list is read again.
        void im().resync();
        // Notifications sent while the socket was down: merged quietly, without a sound.
        void useNotificationsStore.getState().refresh();
      }
      void chat().flushOutbox();
      void im().flushOutbox();
    },
    // A room's first subscription (entering, loading the page) also asks for what was posted
    // between its snapshot and the moment the socket could hear it.
    onRoomSubscribed: (roomId) => void chat().resync([roomId]),
  });
  client.setUser(session.userData?.user.id ?? null);
  bindRealtimeClient(client);

  const unsubscribe = useSessionStore.subscribe((state, prev) => {
    if (state.userData === prev.userData) return;
    // My own avatar or nick restyled live: same user, same settings, nothing to follow.
    if (isIdentityPatch(state.userData, prev.userData)) return;
    // My gag or ban changed: the pages show it; the rooms and the bell stay as they are.
    if (isSanctionPatch(state.userData, prev.userData)) return;
    // My premium and its perks changed: same user, same rooms, same bell.
    if (isPremiumPatch(state.userData, prev.userData)) return;
    // My roles changed: the menus read permissions; the rooms and the bell stay as they are.
    if (isRolesPatch(state.userData, prev.userData)) return;
    client.setUser(state.userData?.user.id ?? null);
    followSession(state.userData, prev.userData);
  });
  stopCurrent = () => {
    unsubscribe();
    bindRealtimeClient(null);
    client.stop();
    useRealtimeStore.getState().reset();
  };
}

export function stopRealtime(): void {
  stopCurrent?.();
  stopCurrent = null;
}

if (import.meta.env.DEV) {
  window.__chat = useChatStore;
  window.__realtime = useRealtimeStore;
}
