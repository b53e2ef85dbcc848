import { DEFAULT_CHAT_SETTINGS, type PublicSound } from '@chat/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../app/query-client';
import { makeChatStore, renderChat, signInAs } from '../../../../test/chat-kit';
import { publicSoundsQuery } from '../../sound-catalogue';
import { soundFor } from '../../sound-choice';
import { ChatProvider } from '../chat-context';
import { SoundSettings } from './sound-settings';

const SOUNDS: PublicSound[] = [
  { id: 1, name: 'Drop', url: '/api/sounds/files/default-message.wav', default_for: 'message' },
  {
    id: 2,
    name: 'Two tones',
    url: '/api/sounds/files/default-mention.wav',
    default_for: 'mention',
  },
  { id: 7, name: 'Harp', url: '/api/sounds/files/abc.mp3', default_for: null },
];

beforeEach(() => signInAs());
afterEach(() => queryClient.removeQueries({ queryKey: publicSoundsQuery().queryKey }));

function setup(settings = DEFAULT_CHAT_SETTINGS) {
  const kit = makeChatStore();
  const onChange = vi.fn();
  const preview = vi.fn();
  renderChat(
    <ChatProvider store={kit.store} previewSound={preview}>
      <SoundSettings settings={settings} onChange={onChange} />
    </ChatProvider>,
    { store: kit.store },
  );
  return { onChange, preview };
}

describe('the sound chooser of the chat settings', () => {
  it('offers the site default or any sound per kind of event, and saves the choice', () => {
    queryClient.setQueryData(publicSoundsQuery().queryKey, SOUNDS);
    const { onChange } = setup();
    const mention = screen.getByLabelText<HTMLSelectElement>('On a mention of me');
    expect(mention.value).toBe('');
    expect(screen.getAllByRole('option', { name: "The site's default (Two tones)" })).toHaveLength(
      1,
    );
    // No default for private messages: the built-in sound plays.
    expect(screen.getByLabelText<HTMLSelectElement>('On a new private message').value).toBe('');
    fireEvent.change(mention, { target: { value: '7' } });
    expect(onChange).toHaveBeenCalledWith({ sound_mention: 7 });
    // The built-in radio buttons give way to the site's sounds.
    expect(screen.queryByLabelText('Chime')).toBeNull();
  });

  it('shows a saved choice, goes back to the default, and plays what the kind would play', () => {
    queryClient.setQueryData(publicSoundsQuery().queryKey, SOUNDS);
    const settings = { ...DEFAULT_CHAT_SETTINGS, sound_im: 7, notification_volume: 0.3 };
    const { onChange, preview } = setup(settings);
    const im = screen.getByLabelText<HTMLSelectElement>('On a new private message');
    expect(im.value).toBe('7');
    fireEvent.click(screen.getByTestId('preview-sound_im'));
    expect(preview).toHaveBeenCalledWith('/api/sounds/files/abc.mp3', 0.3);
    fireEvent.change(im, { target: { value: '' } });
    expect(onChange).toHaveBeenCalledWith({ sound_im: null });
  });

  it('keeps the built-in sounds while the site has none', () => {
    queryClient.setQueryData(publicSoundsQuery().queryKey, []);
    const { onChange } = setup();
    expect(screen.queryByTestId('sound-kinds')).toBeNull();
    fireEvent.click(screen.getByLabelText('Chime'));
    expect(onChange).toHaveBeenCalledWith({ sound: 'chime' });
  });

  it('plays the chosen sound, else the kind default, else the built-in one', () => {
    const settings = { ...DEFAULT_CHAT_SETTINGS, sound: 'bell', sound_mention: 7, sound_im: 99 };
    expect(soundFor(settings, 'mention', SOUNDS)).toBe('/api/sounds/files/abc.mp3');
    // A chosen sound the site deleted falls back to the kind's default, then to the built-in.
    expect(soundFor(settings, 'message', SOUNDS)).toBe('/api/sounds/files/default-message.wav');
    expect(soundFor(settings, 'im', SOUNDS)).toBe('bell');
    expect(soundFor(settings, 'mention', undefined)).toBe('bell');
  });
});
