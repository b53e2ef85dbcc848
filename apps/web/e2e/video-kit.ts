import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiJson } from './chat-kit';

/** What one page receives from one other participant, read from its connection's getStats(). */
export interface PeerMedia {
  userId: number;
  connection: string;
  /** Video frames decoded from that person. */
  framesDecoded: number;
  /** The energy of their audio as played (0: silence, or nothing came). */
  audioEnergy: number;
  /** The local candidate type of the pair in use: `host`, `srflx`, `prflx` or `relay`. */
  localCandidate: string | null;
  remoteCandidate: string | null;
}

/** Before the page's scripts: the call's engine on window.__video, and the relay forced or not. */
export async function prepareVideo(page: Page, { relay = false } = {}): Promise<void> {
  await page.addInitScript((forceRelay) => {
    window.localStorage.setItem('video.debug', '1');
    if (forceRelay) window.localStorage.setItem('video.relay', '1');
    else window.localStorage.removeItem('video.relay');
  }, relay);
}

/** A room of the test's own, so that no call of another journey is in it. */
export async function createRoom(baseUrl: string, token: string, name: string): Promise<number> {
  const response = await apiJson(baseUrl, '/api/room', {
    method: 'POST',
    token,
    body: { name_ru: `${name} ру`, name_en: name, public: true },
  });
  if (!response.ok) throw new Error(`room failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** Opens the call beside the room and joins it with the camera and microphone. */
export async function joinCall(page: Page): Promise<void> {
  await page.getByTestId('video-toggle').click();
  const join = page.getByTestId('video-join');
  await expect.poll(() => join.isEnabled(), { timeout: 15_000 }).toBe(true);
  await join.click();
  await page.getByTestId('video-leave').waitFor({ timeout: 15_000 });
}

/** The media this page receives from each other participant now. */
export function receivedMedia(page: Page): Promise<PeerMedia[]> {
  return page.evaluate(async () => {
    const engine = (window as unknown as { __video?: { peers(): Map<number, RTCPeerConnection> } })
      .__video;
    if (!engine) return [];
    const rows: PeerMedia[] = [];
    for (const [userId, pc] of engine.peers()) {
      const stats = await pc.getStats();
      let framesDecoded = 0;
      let audioEnergy = 0;
      let pairLocal: string | undefined;
      let pairRemote: string | undefined;
      const byId = new Map<string, Record<string, unknown>>();
      stats.forEach((report: Record<string, unknown>) => {
        byId.set(report.id as string, report);
        if (report.type === 'inbound-rtp' && report.kind === 'video')
          framesDecoded += Number(report.framesDecoded ?? 0);
        if (report.type === 'inbound-rtp' && report.kind === 'audio')
          audioEnergy += Number(report.totalAudioEnergy ?? 0);
        if (report.type === 'transport' && report.selectedCandidatePairId) {
          const pair = stats.get(report.selectedCandidatePairId as string) as
            Record<string, unknown> | undefined;
          pairLocal = pair?.localCandidateId as string | undefined;
          pairRemote = pair?.remoteCandidateId as string | undefined;
        }
      });
      const type = (id: string | undefined) =>
        id
          ? ((stats.get(id) as { candidateType?: string } | undefined)?.candidateType ?? null)
          : null;
      rows.push({
        userId,
        connection: pc.connectionState,
        framesDecoded,
        audioEnergy,
        localCandidate: type(pairLocal),
        remoteCandidate: type(pairRemote),
      });
    }
    return rows;
  });
}

/**
 * Waits until this page decodes video and hears sound from each of `userIds` (not just a
 * connected state), and answers what it measured.
 */
export async function waitForMediaFrom(
  page: Page,
  userIds: readonly number[],
  timeout = 30_000,
): Promise<PeerMedia[]> {
  let last: PeerMedia[] = [];
  const flowing = () =>
    userIds.every((id) =>
      last.some((p) => p.userId === id && p.framesDecoded > 0 && p.audioEnergy > 0),
    );
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    last = await receivedMedia(page);
    if (flowing()) return last;
    await page.waitForTimeout(250);
  }
  throw new Error(`no media from ${userIds.join(', ')} in ${timeout} ms: ${JSON.stringify(last)}`);
}

/** The user ids whose tiles the page shows (one's own included). */
export function tileIds(page: Page): Promise<number[]> {
  return page
    .getByTestId('video-tile')
    .evaluateAll((tiles) => tiles.map((t) => Number(t.getAttribute('data-user-id'))));
}
