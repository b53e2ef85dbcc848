import { DEFAULT_CHAT_SETTINGS } from '@chat/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeChatStore, renderChat, signInAs } from '../../../../test/chat-kit';
import { SettingsPanel } from './settings-panel';

beforeEach(() => {
  signInAs();
  // The offcanvas asks the window for media queries; jsdom has none.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const kit = makeChatStore();
  renderChat(<SettingsPanel show onHide={() => undefined} />, { store: kit.store });
  return kit;
}

// The test id sits on the switch's input itself.
const toggle = (name: string) => screen.getByTestId<HTMLInputElement>(`setting-${name}`);

describe('SettingsPanel', () => {
  it.each([
    ['show_avatars', { show_avatars: false }],
    ['show_gradients', { show_gradients: false }],
    ['show_time', { show_time: true }],
    ['show_guests', { show_guests: true }],
    ['show_trolls', { show_trolls: true }],
    ['mute', { mute: true }],
    ['notification_new_message', { notification_new_message: 0 }],
  ])('saves %s when it is switched', (name, patch) => {
    const { actions } = setup();
    fireEvent.click(toggle(name));
    expect(actions.updateSettings).toHaveBeenCalledWith(patch);
  });

  it('shows the current values', () => {
    setup();
    expect(toggle('show_avatars').checked).toBe(DEFAULT_CHAT_SETTINGS.show_avatars);
    expect(toggle('show_guests').checked).toBe(false);
  });

  it('saves the chosen sound and the volume once the slider rests', () => {
    vi.useFakeTimers();
    try {
      const { actions } = setup();
      fireEvent.click(screen.getByLabelText('Chime'));
      expect(actions.updateSettings).toHaveBeenCalledWith({ sound: 'chime' });
      fireEvent.change(screen.getByTestId('setting-notification_volume'), {
        target: { value: '0.3' },
      });
      fireEvent.change(screen.getByTestId('setting-notification_volume'), {
        target: { value: '0.4' },
      });
      expect(actions.updateSettings).not.toHaveBeenCalledWith({ notification_volume: 0.3 });
      vi.advanceTimersByTime(1000);
      expect(actions.updateSettings).toHaveBeenCalledWith({ notification_volume: 0.4 });
      expect(actions.updateSettings).not.toHaveBeenCalledWith({ notification_volume: 0.3 });
    } finally {
      vi.useRealTimers();
    }
  });
});
