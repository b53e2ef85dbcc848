import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-error';
import { fakeApi } from '../../test/api-kit';
import { makeUserData } from '../../test/chat-kit';
import { useSessionStore } from '../session/store';
import { ForumEditor, type EditorSubmission } from './components/forum-editor';
import { forumDraftStores } from './drafts';
import { PREVIEW_DELAY_MS } from './use-preview';

const server = {
  get: vi.fn(),
  post: vi.fn<(path: string, body?: unknown) => Promise<unknown>>(),
  json: vi.fn(),
  request: vi.fn(),
};
fakeApi(server);

function Editor({ onSend }: { onSend: (s: EditorSubmission) => Promise<void> }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <I18nextProvider i18n={i18n}>
      <ForumEditor
        kind="thread"
        draftId={3}
        withSubject
        onSend={onSend}
        textareaRef={ref}
        submitLabel="Start the thread"
        testId="editor"
      />
    </I18nextProvider>
  );
}

const subject = () => screen.getByTestId<HTMLInputElement>('editor-subject');
const text = () => screen.getByTestId<HTMLTextAreaElement>('editor-text');
const send = () => screen.getByTestId<HTMLButtonElement>('editor-send');
const write = () => {
  fireEvent.change(subject(), { target: { value: 'Кошки' } });
  fireEvent.change(text(), { target: { value: 'Мои **кошки** бегали' } });
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.post.mockReset();
  server.post.mockResolvedValue({ data: { html: '<p>rendered</p>' } });
  useSessionStore.setState({ userData: makeUserData() });
});
afterEach(() => {
  useSessionStore.setState({ userData: null });
  vi.useRealTimers();
});

describe('the forum editor', () => {
  it('keeps the draft per account across a remount (a reload) and signing out', () => {
    const first = render(<Editor onSend={vi.fn()} />);
    write();
    first.unmount();
    expect(window.localStorage.getItem('drafts.forum-thread.100')).toContain('Кошки');
    render(<Editor onSend={vi.fn()} />);
    expect(subject().value).toBe('Кошки');
    expect(text().value).toBe('Мои **кошки** бегали');
    // Another person on this browser starts with nothing.
    act(() => useSessionStore.setState({ userData: makeUserData({ id: 200 }) }));
    expect(text().value).toBe('');
  });

  it('sends once when pressed twice, disabled while sending', async () => {
    let finish: () => void = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Editor onSend={onSend} />);
    write();
    fireEvent.click(send());
    fireEvent.click(send());
    fireEvent.submit(send().closest('form')!);
    expect(onSend).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(send().disabled).toBe(true));
    await act(async () => finish());
    // Sent: the draft goes, and the next thread would get a new client id.
    await waitFor(() => expect(text().value).toBe(''));
    expect(forumDraftStores.thread.getState().drafts[3]).toBeUndefined();
  });

  it('retries with the same client id after a lost answer, even after a reload', async () => {
    const onSend = vi
      .fn<(s: EditorSubmission) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(0, 'network'))
      .mockResolvedValueOnce(undefined);
    const first = render(<Editor onSend={onSend} />);
    write();
    fireEvent.click(send());
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(send().disabled).toBe(false));
    const id = onSend.mock.calls[0]![0].clientId;
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    first.unmount();
    render(<Editor onSend={onSend} />);
    fireEvent.click(send());
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
    expect(onSend.mock.calls[1]![0].clientId).toBe(id);
    expect(onSend.mock.calls[1]![0].draft.subject).toBe('Кошки');
  });

  it('shows field errors of a 422 under the fields and keeps the text', async () => {
    const onSend = vi
      .fn<(s: EditorSubmission) => Promise<void>>()
      .mockRejectedValue(new ApiError(422, 'invalid', 'validation', { subject: ['Too long.'] }));
    render(<Editor onSend={onSend} />);
    write();
    fireEvent.click(send());
    expect(await screen.findByText('Too long.')).toBeTruthy();
    expect(text().value).toBe('Мои **кошки** бегали');
  });

  it('previews through the server a moment after typing stops', async () => {
    vi.useFakeTimers();
    render(<Editor onSend={vi.fn()} />);
    write();
    expect(server.post).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(PREVIEW_DELAY_MS + 10));
    expect(server.post).toHaveBeenCalledWith(
      '/api/forum/preview',
      { text: 'Мои **кошки** бегали' },
      expect.anything(),
    );
    expect(screen.getByTestId('editor-preview').innerHTML).toContain('<p>rendered</p>');
  });
});
