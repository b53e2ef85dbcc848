// Test kit for chat components: a small chat store from fixtures, a signed-in viewer, and a
// render that wraps a component in everything the chat screen gives it (i18n, router, store).
import { clearChat, DEFAULT_CHAT_SETTINGS, permissionsOfRoles, type UserData } from '@chat/shared';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi, type Mock } from 'vitest';
import { create, type StoreApi } from 'zustand';
import { makeNick } from '../../../../packages/shared/src/test/chat-fixtures';
import { ChatProvider } from '../features/chat/components/chat-context';
import type { ConnectionState } from '../features/realtime/types';
import type { ChatActions, ChatData, ChatStore } from '../features/chat/types';
import { useSessionStore } from '../features/session/store';
import { i18n } from '../i18n/i18n';

export const VIEWER_ID = 100;

export function makeUserData(overrides: { id?: number; nick?: string; roles?: string[] } = {}) {
  const id = overrides.id ?? VIEWER_ID;
  const roles = overrides.roles ?? ['user'];
  const data: UserData = {
    user: {
      id,
      slug: `user-${id}`,
      nick: makeNick(overrides.nick ?? 'Me'),
      avatar: null,
      frame: null,
      premium: false,
      roles,
      gender: null,
    },
    settings: DEFAULT_CHAT_SETTINGS,
    balance: 0,
    bonus: 0,
    premium: { active: false, until: null },
    gag: null,
    ban: null,
    frame: null,
    friends: [],
    notifications: [],
    recent_smileys: [],
    recent_gifs: [],
    // What the server's one table gives these roles (permissions, not role names, decide).
    permissions: permissionsOfRoles(roles),
    smiley_groups: [
      {
        id: 1,
        name: 'Emotions',
        smileys: [{ id: 1, tag: 'smile', file: '/assets/static/smileys/smile.svg' }],
      },
    ],
    roles,
    counters: { im_unread_count: 0, unread_notifications: 0 },
    ignored_users: [],
    quotes: [],
    user_priorities: [],
    active_at: null,
    email: null,
    phone: null,
  };
  return data;
}

export function signInAs(overrides: Parameters<typeof makeUserData>[0] = {}): UserData {
  const data = makeUserData(overrides);
  useSessionStore.setState({ userData: data, initialized: true });
  return data;
}

type ActionMocks = { [K in keyof ChatActions]: Mock<ChatActions[K]> };

function actionMocks(): ActionMocks {
  const resolved = <T,>() => vi.fn(async () => undefined as T);
  return {
    load: resolved(),
    enterRoom: resolved(),
    openRoom: resolved(),
    leaveRoom: resolved(),
    selectRoom: resolved(),
    leaveChat: resolved(),
    reorderRooms: resolved(),
    createRoom: vi.fn(),
    updateRoom: resolved(),
    sendMessage: vi.fn(),
    retryMessage: vi.fn(),
    discardMessage: vi.fn(),
    loadOlder: resolved(),
    editMessage: resolved(),
    messageEdits: vi.fn(async () => []),
    deleteForMe: resolved(),
    deleteForEveryone: resolved(),
    toggleReaction: resolved(),
    toggleQuote: resolved(),
    updateSettings: resolved(),
    toggleIgnore: resolved(),
    setRoomState: resolved(),
    setVisibility: resolved(),
    notifyTyping: vi.fn(),
  };
}

export function makeChatStore(data: Partial<ChatData> = {}) {
  const actions = actionMocks();
  const store: StoreApi<ChatStore> = create<ChatStore>()(() => ({
    status: 'ready',
    rooms: clearChat(),
    settings: DEFAULT_CHAT_SETTINGS,
    trolls: new Set<number>(),
    ignoredUsers: new Set<number>(),
    quotedMessageIds: new Set<number>(),
    typing: {},
    pending: {},
    hasOlder: {},
    loadingOlder: {},
    ...data,
    ...actions,
  }));
  return { store, actions };
}

interface RenderChatOptions {
  store: StoreApi<ChatStore>;
  locale?: 'ru' | 'en';
  connection?: ConnectionState;
}

export function renderChat(ui: ReactElement, options: RenderChatOptions): RenderResult {
  const locale = options.locale ?? 'en';
  void i18n.changeLanguage(locale);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[`/${locale}/chat`]}>
        <ChatProvider store={options.store} connection={options.connection}>
          {ui}
        </ChatProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
