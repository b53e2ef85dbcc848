import { MESSAGE_TYPE } from '@chat/shared';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
} from '../../../../../packages/shared/src/test/chat-fixtures';
import { titleWithUnread } from '../../app/route-title';
import { useTitleStore } from '../../app/title-store';
import { i18n, loadNamespaces } from '../../i18n/i18n';
import { useChatStore } from '../chat/store';
import { useImStore } from '../im/store';
import { unseenMessages, UnreadTitle } from './unread-title';

const ME = 7;
const byOther = (id: number) => makeMessage({ id, user: makeMessageUser({ id: 3 }) });

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeAll(() => loadNamespaces(['common', 'titles']));
afterEach(() => setHidden(false));

describe('the unread count in the title', () => {
  it.each([
    ['en', 2, '(2) Chat — Chatik'],
    ['ru', 2, '(2) Чат — Чатик'],
    ['en', 0, 'Chat — Chatik'],
  ] as const)('in %s with %i unread reads "%s"', (locale, unread, expected) => {
    const t = i18n.getFixedT(locale);
    const plain = `${t('titles:chat')} — ${t('common:appName')}`;
    expect(titleWithUnread(plain, unread, t)).toBe(expected);
  });

  it('counts people’s new messages in the current room, not mine nor the site’s notices', () => {
    const messages = [
      byOther(10),
      byOther(11),
      makeMessage({ id: 12, user: makeMessageUser({ id: ME }) }),
      makeMessage({ id: 13, type_id: MESSAGE_TYPE.system }),
      byOther(14),
    ];
    expect(unseenMessages(messages, 10, ME)).toBe(2);
    expect(unseenMessages(messages, 14, ME)).toBe(0);
  });

  it('adds other rooms, private messages and, while the tab is hidden, the room on screen', () => {
    act(() => {
      useChatStore.setState({
        rooms: {
          rooms: [
            makeRoomDetail({ id: 1, messages: [byOther(10)], unread: 0 }),
            makeRoomDetail({ id: 2, unread: 2 }),
          ],
          available: [],
          currentRoomId: 1,
        },
      });
      useImStore.setState({ unreadTotal: 1 });
    });
    const view = render(
      <MemoryRouter initialEntries={['/en/chat']}>
        <UnreadTitle />
      </MemoryRouter>,
    );
    const unread = () => useTitleStore.getState().unread;
    expect(unread()).toBe(3);

    act(() => setHidden(true));
    const addToRoom1 = (id: number) =>
      act(() =>
        useChatStore.setState((s) => ({
          rooms: {
            ...s.rooms,
            rooms: s.rooms.rooms.map((r) =>
              r.id === 1 ? { ...r, messages: [...r.messages, byOther(id)] } : r,
            ),
          },
        })),
      );
    addToRoom1(11);
    addToRoom1(12);
    expect(unread()).toBe(5);

    // Back on the tab: the room's messages are seen; the other room and the messenger still wait.
    act(() => setHidden(false));
    expect(unread()).toBe(3);
    act(() => {
      useChatStore.setState((s) => ({
        rooms: { ...s.rooms, rooms: s.rooms.rooms.map((r) => ({ ...r, unread: 0 })) },
      }));
      useImStore.setState({ unreadTotal: 0 });
    });
    expect(unread()).toBe(0);
    view.unmount();
  });
});
