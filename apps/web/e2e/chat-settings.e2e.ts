import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './browser';
import {
  adminToken,
  apiEnterRoom,
  apiSend,
  apiUser,
  closeSettings,
  enterAsGuest,
  enterAsUser,
  enterRoom,
  messageWith,
  send,
  setTroll,
  toggleSetting,
} from './chat-kit';

const session = useBrowser();

// "Флудилка" / "Chit-chat": a room of its own for this journey.
const ROOM = 3;

describe('public chat rooms: who to show', () => {
  it('hides and shows guests and trolls as the settings say, live, and keeps the settings', async () => {
    const viewerPage = await session.newPage();
    await enterAsUser(viewerPage, session.baseUrl, 'ru', 'Viewer');
    await enterRoom(viewerPage, ROOM);
    await viewerPage.getByTestId('open-settings').click();
    // A new account starts with both filters on (guests and trolls hidden).
    expect(await viewerPage.getByTestId('setting-show_guests').isChecked()).toBe(false);
    expect(await viewerPage.getByTestId('setting-show_trolls').isChecked()).toBe(false);
    await closeSettings(viewerPage);

    // A registered user who talks through the API; the admin will mark them a troll later.
    const troll = await apiUser(session.baseUrl, 'Troll');
    await apiEnterRoom(session.baseUrl, troll.token, ROOM);
    const trollFirst = `troll says hi ${troll.nick}`;
    await apiSend(session.baseUrl, troll.token, ROOM, trollFirst);
    await messageWith(viewerPage, trollFirst).waitFor();
    await viewerPage.getByTestId(`room-user-${troll.id}`).waitFor();

    const guestPage = await session.newPage();
    const guest = await enterAsGuest(guestPage, 'en');
    await enterRoom(guestPage, ROOM);
    await messageWith(guestPage, trollFirst).waitFor();
    const guestFirst = `guest here ${guest.nick}`;
    await send(guestPage, guestFirst);
    await messageWith(guestPage, guestFirst).waitFor();
    // Something sent after the guest's message: once the viewer has it, the guest's has arrived.
    const barrier = `after the guest ${troll.nick}`;
    await apiSend(session.baseUrl, troll.token, ROOM, barrier);
    await messageWith(viewerPage, barrier).waitFor();
    expect(await messageWith(viewerPage, guestFirst).count()).toBe(0);
    expect(await viewerPage.getByTestId(`room-user-${guest.id}`).count()).toBe(0);

    // show_guests on: the message already received and the list entry appear without a reload.
    await toggleSetting(viewerPage, 'show_guests', true);
    await closeSettings(viewerPage);
    await messageWith(viewerPage, guestFirst).waitFor();
    await viewerPage.getByTestId(`room-user-${guest.id}`).waitFor();
    await shot(viewerPage, 'chat-settings-guests-shown-ru');

    // The admin marks the troll through the API. Nothing tells anyone but staff who is a troll
    // (a troll must not learn it from a second account): from now on the server leaves the
    // troll's messages out of what others get, live and after a reload.
    const admin = await adminToken(session.baseUrl);
    try {
      await setTroll(session.baseUrl, admin, troll.id, true);
      // A new message from the troll reaches nobody; the guest's next one shows it has arrived.
      const trollLater = `troll again ${troll.nick}`;
      await apiSend(session.baseUrl, troll.token, ROOM, trollLater);
      const guestLater = `guest again ${guest.nick}`;
      await send(guestPage, guestLater);
      await messageWith(viewerPage, guestLater).waitFor();
      expect(await messageWith(viewerPage, trollLater).count()).toBe(0);
      expect(await messageWith(guestPage, trollLater).count()).toBe(0);

      // show_guests off again: the guest's messages and entry go, live.
      await toggleSetting(viewerPage, 'show_guests', false);
      await messageWith(viewerPage, guestFirst).waitFor({ state: 'detached' });
      expect(await messageWith(viewerPage, guestLater).count()).toBe(0);
      await viewerPage.getByTestId(`room-user-${guest.id}`).waitFor({ state: 'detached' });
      await shot(viewerPage, 'chat-settings-trolls-shown-guests-hidden-ru');

      // The server stored the switch; after a reload the troll's messages are gone as well.
      await viewerPage.reload();
      // A reload opens the first tab, the main room the chat entered first: back to this one.
      await viewerPage.getByTestId(`room-tab-${ROOM}`).waitFor();
      await enterRoom(viewerPage, ROOM);
      await messageWith(viewerPage, `after the guest ${troll.nick}`).waitFor({
        state: 'detached',
      });
      expect(await messageWith(viewerPage, trollFirst).count()).toBe(0);
      expect(await messageWith(viewerPage, trollLater).count()).toBe(0);
      expect(await messageWith(viewerPage, guestLater).count()).toBe(0);
      expect(await viewerPage.getByTestId(`room-user-${guest.id}`).count()).toBe(0);
      await viewerPage.getByTestId('open-settings').click();
      await viewerPage.getByTestId('setting-show_guests').waitFor();
      expect(await viewerPage.getByTestId('setting-show_guests').isChecked()).toBe(false);
    } finally {
      await setTroll(session.baseUrl, admin, troll.id, false);
    }
  });
});
