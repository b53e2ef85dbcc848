import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRoomDetail } from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs } from '../../../../test/chat-kit';
import { useUploadsStore, type PendingUpload } from '../../../uploads';
import { makeAttachment, pngFile } from '../../../../test/uploads-kit';
import { useComposerStore } from '../../hooks/composer-store';
import { Composer } from './composer';

const initial = useUploadsStore.getState();

function item(overrides: Partial<PendingUpload> = {}): PendingUpload {
  return {
    id: 'p1',
    owner: 'room:1',
    name: 'cat.png',
    previewUrl: '',
    adult: false,
    state: 'ready',
    progress: 1,
    attachment: makeAttachment({ id: 31 }),
    error: null,
    retryable: true,
    ...overrides,
  };
}

const put = (...items: PendingUpload[]) =>
  act(() => useUploadsStore.setState({ items: { 'room:1': items } }));

function setup() {
  const kit = makeChatStore({
    rooms: { rooms: [makeRoomDetail({ id: 1 })], available: [], currentRoomId: 1 },
  });
  renderChat(<Composer roomId={1} roomName="Room 1" />, { store: kit.store });
  const input = screen.getByTestId<HTMLTextAreaElement>('composer');
  return { ...kit, input };
}

beforeEach(() => {
  signInAs();
});
afterEach(() => {
  useComposerStore.setState({ drafts: {} });
  useUploadsStore.setState(initial, true);
});

describe('Composer with pictures', () => {
  it('sends the text with the ready pictures and empties the tray', () => {
    const { actions, input } = setup();
    put(item());
    expect(screen.getAllByTestId('upload-item')).toHaveLength(1);
    fireEvent.change(input, { target: { value: 'look' } });
    fireEvent.click(screen.getByTestId('send'));
    expect(actions.sendMessage).toHaveBeenCalledWith(1, 'look', [], {
      attachments: [makeAttachment({ id: 31 })],
    });
    expect(screen.queryByTestId('upload-tray')).toBeNull();
  });

  it('sends a picture without text', () => {
    const { actions } = setup();
    put(item());
    fireEvent.click(screen.getByTestId('send'));
    expect(actions.sendMessage).toHaveBeenCalledWith(1, '', [], {
      attachments: [makeAttachment({ id: 31 })],
    });
  });

  it('waits for pictures still uploading, then sends them with the text', () => {
    const { actions, input } = setup();
    put(item({ state: 'uploading', progress: 0.4, attachment: null }));
    expect(screen.getByTestId('upload-progress').dataset.percent).toBe('40');
    fireEvent.change(input, { target: { value: 'wait for it' } });
    fireEvent.click(screen.getByTestId('send'));
    expect(actions.sendMessage).not.toHaveBeenCalled();
    expect(screen.getByTestId('uploads-notice').dataset.notice).toBe('waiting');
    put(item());
    expect(actions.sendMessage).toHaveBeenCalledWith(1, 'wait for it', [], {
      attachments: [makeAttachment({ id: 31 })],
    });
  });

  it('refuses an adult picture in the public chat and says why', () => {
    const { actions } = setup();
    put(item());
    fireEvent.click(screen.getByTestId('upload-adult'));
    expect(useUploadsStore.getState().items['room:1']?.[0]?.adult).toBe(true);
    expect(screen.getByTestId('uploads-notice').textContent).toBe(
      'An adult image cannot be sent to the public chat.',
    );
    expect(screen.getByTestId<HTMLButtonElement>('send').disabled).toBe(true);
    fireEvent.keyDown(screen.getByTestId('composer'), { key: 'Enter' });
    expect(actions.sendMessage).not.toHaveBeenCalled();
  });

  it('refuses a picture the server flagged as adult', () => {
    const { actions } = setup();
    put(item({ attachment: makeAttachment({ id: 31, adult: 1 }) }));
    expect(screen.getByTestId<HTMLInputElement>('upload-adult').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('send'));
    expect(actions.sendMessage).not.toHaveBeenCalled();
    expect(screen.getByTestId('uploads-notice').dataset.notice).toBe('adult');
  });

  it('says why a failed picture holds the message back, and offers a retry', () => {
    const { actions } = setup();
    put(item({ state: 'failed', attachment: null, error: 'Too large file.', retryable: false }));
    expect(screen.getByTestId('upload-item').textContent).toContain('Too large file.');
    expect(screen.queryByTestId('upload-retry')).toBeNull();
    fireEvent.click(screen.getByTestId('send'));
    expect(actions.sendMessage).not.toHaveBeenCalled();
    expect(screen.getByTestId('uploads-notice').dataset.notice).toBe('failed');
  });

  it('attaches pictures chosen with the button and pasted ones', () => {
    const add = vi.fn();
    useUploadsStore.setState({ add });
    const { input } = setup();
    const file = pngFile();
    fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [file] } });
    expect(add).toHaveBeenCalledWith('room:1', [file]);
    fireEvent.paste(input, { clipboardData: { files: [file], items: [], types: ['Files'] } });
    expect(add).toHaveBeenCalledTimes(2);
  });
});
