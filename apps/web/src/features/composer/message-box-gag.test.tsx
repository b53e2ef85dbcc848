import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeRoomDetail } from '../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs } from '../../test/chat-kit';
import { Composer } from '../chat/components/composer/composer';
import { makeBan } from '../../test/sanctions-kit';
import { useSessionStore } from '../session/store';

function setup() {
  const kit = makeChatStore({
    rooms: { rooms: [makeRoomDetail({ id: 1 })], available: [], currentRoomId: 1 },
  });
  renderChat(<Composer roomId={1} roomName="Room 1" />, { store: kit.store });
  return kit;
}

const inTwoHours = () => new Date(Date.now() + 2 * 3_600_000).toISOString();

beforeEach(() => {
  signInAs();
});

describe('the message box while gagged', () => {
  it('is disabled with the reason, says until when and why, and links to the appeal', () => {
    useSessionStore.getState().setSanctions({
      gag: makeBan({ type: 'gag', type_id: 1, reason: 'profanity', expires_at: inTwoHours() }),
      ban: null,
    });
    const { actions } = setup();
    const input = screen.getByTestId<HTMLTextAreaElement>('composer');
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toBe('You may not write (Profanity)');
    expect(screen.getByTestId<HTMLButtonElement>('send').disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(actions.sendMessage).not.toHaveBeenCalled();
    const banner = screen.getByTestId('gag-banner');
    expect(banner.textContent).toContain('Reason: Profanity');
    expect(screen.getByTestId('sanction-countdown').textContent).toMatch(/^1:59:\d\d left$/);
    expect(screen.getByTestId('gag-banner-link').getAttribute('href')).toBe('/en/banned');
  });

  it('links to the appeal once there is one, and says "for ever" without an end', () => {
    useSessionStore.getState().setSanctions({
      gag: makeBan({ type: 'gag', expires_at: null, appeal: { id: 5, status: 'open' } }),
      ban: null,
    });
    setup();
    expect(screen.getByTestId('gag-banner').textContent).toContain('You may not write, for ever');
    expect(screen.getByTestId('gag-banner-link').getAttribute('href')).toBe('/en/complaints/5');
  });

  it('is an ordinary box again once the gag has ended', () => {
    useSessionStore.getState().setSanctions({
      gag: makeBan({ type: 'gag', expires_at: new Date(Date.now() - 1000).toISOString() }),
      ban: null,
    });
    setup();
    expect(screen.queryByTestId('gag-banner')).toBeNull();
    expect(screen.getByTestId<HTMLTextAreaElement>('composer').disabled).toBe(false);
  });
});
