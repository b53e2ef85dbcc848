import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-error';
import { fakeApi } from '../../test/api-kit';
import { makeArtGroup, makePicture } from '../../test/art-kit';
import { makeUserData } from '../../test/chat-kit';
import { useSessionStore } from '../session/store';
import { ArtEditor } from './components/art-editor';
import { artDraftStore, type ArtDraft } from './drafts';

const server = {
  get: vi.fn(),
  post: vi.fn<(path: string, body?: unknown) => Promise<unknown>>(),
  json: vi.fn(),
  request: vi.fn(),
};
fakeApi(server);

const group = makeArtGroup({ id: 4 });
const Editor = ({ onSend }: { onSend: (draft: ArtDraft, clientId: string) => Promise<void> }) => (
  <I18nextProvider i18n={i18n}>
    <ArtEditor group={group} onSend={onSend} />
  </I18nextProvider>
);
const title = () => screen.getByTestId<HTMLInputElement>('art-editor-title');
const text = () => screen.getByTestId<HTMLTextAreaElement>('art-editor-text');
const adult = () => screen.getByTestId<HTMLInputElement>('art-editor-adult');
const send = () => screen.getByTestId<HTMLButtonElement>('art-editor-send');
const order = () =>
  screen.getAllByTestId('art-order-item').map((item) => Number(item.dataset.pictureId));

const stored = {
  4: {
    title: 'Закат',
    text: 'Над *морем*',
    pictures: [makePicture(11), makePicture(12), makePicture(13)],
    adult: true,
    clientId: null,
  },
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.post.mockReset();
  server.post.mockResolvedValue({ data: { html: '<p>rendered</p>' } });
  window.localStorage.setItem('drafts.art-post.300', JSON.stringify(stored));
  useSessionStore.setState({ userData: makeUserData({ id: 300 }) });
});
afterEach(() => {
  useSessionStore.setState({ userData: null });
  window.localStorage.clear();
});

describe('the art editor', () => {
  it('restores the draft after a reload: words, the 18+ mark and the pictures in their order', () => {
    render(<Editor onSend={vi.fn()} />);
    expect(title().value).toBe('Закат');
    expect(text().value).toBe('Над *морем*');
    expect(adult().checked).toBe(true);
    expect(order()).toEqual([11, 12, 13]);
    // A new order is kept for the next reload too.
    fireEvent.keyDown(screen.getAllByTestId('art-order-item')[2]!, { key: 'Home' });
    expect(order()).toEqual([13, 11, 12]);
    const kept = JSON.parse(window.localStorage.getItem('drafts.art-post.300')!) as typeof stored;
    expect(kept[4].pictures.map((p) => p.id)).toEqual([13, 11, 12]);
  });

  it('sends the pictures in order, once, with the same client id after a failure', async () => {
    const onSend = vi
      .fn<(draft: ArtDraft, clientId: string) => Promise<void>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(undefined);
    render(<Editor onSend={onSend} />);
    fireEvent.click(send());
    fireEvent.click(send());
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    const [draft, clientId] = onSend.mock.calls[0]!;
    expect(draft.pictures.map((p) => p.id)).toEqual([11, 12, 13]);
    await waitFor(() => expect(send().disabled).toBe(false));
    fireEvent.click(send());
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
    expect(onSend.mock.calls[1]![1]).toBe(clientId);
    // Sent: the draft is gone.
    await waitFor(() => expect(artDraftStore.getState().drafts[4]).toBeUndefined());
  });

  it("shows the server's field errors under the fields and keeps the draft", async () => {
    const onSend = vi.fn(() =>
      Promise.reject(
        new ApiError(422, 'Invalid', 'validation', {
          title: ['Too long.'],
          'attachments.1': ['This picture is not yours.'],
        }),
      ),
    );
    render(<Editor onSend={onSend} />);
    await act(async () => {
      fireEvent.click(send());
    });
    await waitFor(() => expect(title().classList.contains('is-invalid')).toBe(true));
    expect(screen.getByText('Too long.')).toBeTruthy();
    expect(screen.getByTestId('art-editor-attachments-error').textContent).toBe(
      'This picture is not yours.',
    );
    expect(title().value).toBe('Закат');
  });

  it('cannot be sent without a title or a picture', () => {
    window.localStorage.clear();
    act(() => useSessionStore.setState({ userData: makeUserData({ id: 301 }) }));
    render(<Editor onSend={vi.fn()} />);
    fireEvent.change(title(), { target: { value: 'Без картинок' } });
    expect(send().disabled).toBe(true);
  });
});
