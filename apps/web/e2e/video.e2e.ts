import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { shot, useBrowser } from './browser';
import {
  adminToken,
  apiEnterRoom,
  apiJson,
  apiUser,
  enterAsUser,
  enterRoom,
  signInToChat,
  type Locale,
} from './chat-kit';
import { ADMIN_PASSWORD } from './global-setup';
import { uniqueNick } from './api';
import {
  createRoom,
  joinCall,
  prepareVideo,
  receivedMedia,
  tileIds,
  waitForMediaFrom,
} from './video-kit';

/** Chromium's fake camera and microphone, granted without asking. */
const session = useBrowser({ fakeMedia: true });

interface InCall {
  page: Page;
  id: number;
}

/** Three people in a room of their own, each with the call open and joined. */
async function threeInACall(
  locale: Locale,
  { relay = false, moderator = false } = {},
): Promise<{ roomId: number; people: InCall[] }> {
  const owner = await apiUser(session.baseUrl, 'Host');
  const roomId = await createRoom(session.baseUrl, owner.token, uniqueNick('Call'));
  const people: InCall[] = [];
  for (let i = 0; i < 3; i++) {
    const page = await session.newPage();
    await prepareVideo(page, { relay });
    let id: number;
    if (moderator && i === 0) {
      // The seeded admin: a moderator who outranks everyone here.
      await signInToChat(page, locale, 'admin', ADMIN_PASSWORD);
      const init = await apiJson(session.baseUrl, '/api/init?platform=pc', {
        token: await adminToken(session.baseUrl),
      });
      id = ((await init.json()) as { data: { user: { user: { id: number } } } }).data.user.user.id;
    } else {
      id = (await enterAsUser(page, session.baseUrl, locale, 'Cam')).id;
    }
    await enterRoom(page, roomId);
    people.push({ page, id });
  }
  // One after another, as people do: each newcomer calls those already there.
  for (const person of people) await joinCall(person.page);
  return { roomId, people };
}

/** Every participant decodes the others' video and hears their sound. */
async function everyoneReceivesEveryone(people: InCall[]): Promise<void> {
  for (const person of people) {
    const others = people.filter((p) => p !== person).map((p) => p.id);
    await waitForMediaFrom(person.page, others);
    await expect
      .poll(() => tileIds(person.page))
      .toEqual(expect.arrayContaining([person.id, ...others]));
  }
}

describe('video rooms', () => {
  it('three people join a call from the room and see and hear each other; a moderator removes one', async () => {
    const { people } = await threeInACall('en', { moderator: true });
    await everyoneReceivesEveryone(people);
    await shot(people[1]!.page, 'video-three-en', 500);

    // The moderator (the admin) takes the third person out of the call.
    const [moderator, stays, removed] = people as [InCall, InCall, InCall];
    const tile = moderator.page.locator(`[data-testid="video-tile"][data-user-id="${removed.id}"]`);
    await tile.getByTestId('video-moderate').click();
    await moderator.page.getByTestId('video-remove').click();

    await removed.page.getByTestId('video-ended').waitFor();
    await expect.poll(async () => (await receivedMedia(removed.page)).length).toBe(0);
    for (const person of [moderator, stays]) {
      await expect
        .poll(async () => (await receivedMedia(person.page)).map((p) => p.userId))
        .toEqual([person === moderator ? stays.id : moderator.id]);
    }
    await shot(removed.page, 'video-removed-en');
  }, 120_000);

  it('works with every connection relayed by TURN (Russian)', async () => {
    expect(inject('turn'), 'coturn runs for the journeys (.ci/run installs it)').toBe(true);
    const { people } = await threeInACall('ru', { relay: true });
    await everyoneReceivesEveryone(people);
    for (const person of people) {
      const media = await receivedMedia(person.page);
      expect(media).toHaveLength(2);
      for (const peer of media) expect(peer.localCandidate).toBe('relay');
    }
    await shot(people[0]!.page, 'video-three-relay-ru', 500);
  }, 120_000);

  it('tells the seventh person that the call is full', async () => {
    const owner = await apiUser(session.baseUrl, 'Full');
    const roomId = await createRoom(session.baseUrl, owner.token, uniqueNick('Full'));
    // Six people join through the API (no browser needed to hold a place in the call).
    for (let i = 0; i < 6; i++) {
      const person = i === 0 ? owner : await apiUser(session.baseUrl, 'Six');
      await apiEnterRoom(session.baseUrl, person.token, roomId);
      const joined = await apiJson(session.baseUrl, `/api/room/${roomId}/video/join`, {
        method: 'POST',
        token: person.token,
        body: { audio: false, video: false },
      });
      expect(joined.status, await joined.clone().text()).toBe(200);
    }
    const seventh = await session.newPage();
    await prepareVideo(seventh);
    await enterAsUser(seventh, session.baseUrl, 'en', 'Seventh');
    await enterRoom(seventh, roomId);
    await seventh.getByTestId('video-toggle').click();
    await seventh.getByTestId('video-join').click();
    await seventh.getByText(/full/i).first().waitFor();
    await shot(seventh, 'video-full-en');
  }, 90_000);
});
