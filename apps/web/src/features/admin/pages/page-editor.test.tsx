import type { AdminPage } from '@chat/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-error';
import { PageEditor } from './page-editor';

const agreement: AdminPage = {
  slug: 'agreement',
  title_ru: 'Соглашение',
  text_ru: 'Текст',
  title_en: 'Agreement',
  text_en: 'Text',
  version: 3,
  updated_at: '2026-01-01T00:00:00.000Z',
};

function setup(page: AdminPage = agreement) {
  const save = vi.fn(async (body: object) => ({ ...page, ...body, version: page.version + 1 }));
  const preview = vi.fn(async (text: string) => `<p>${text.replace(/</g, '&lt;')}</p>`);
  const onSaved = vi.fn();
  const onReload = vi.fn();
  render(
    <PageEditor page={page} save={save} preview={preview} onSaved={onSaved} onReload={onReload} />,
  );
  return { save, preview, onSaved, onReload };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('ru');
});

describe('the page editor', () => {
  it('edits both languages, previews the text by the server, and publishes a new version', async () => {
    const { save, preview, onSaved } = setup();
    fireEvent.change(screen.getByLabelText('Title (Russian)'), { target: { value: 'Новое' } });
    fireEvent.change(screen.getByLabelText('Text in Markdown (Russian)'), {
      target: { value: '**bold** <script>' },
    });
    await waitFor(() =>
      expect(preview).toHaveBeenLastCalledWith('**bold** <script>', expect.anything()),
    );
    expect(await screen.findByText('**bold** <script>', { selector: 'p' })).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    fireEvent.change(screen.getByLabelText('Text in Markdown (English)'), {
      target: { value: 'New terms' },
    });

    expect(screen.queryByTestId('page-new-version-warning')).toBeNull();
    fireEvent.click(screen.getByLabelText('Publish as a new version of the agreement'));
    expect(screen.getByTestId('page-new-version-warning').textContent).toContain(
      'Everyone signed in will have to accept the agreement again',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Publish the new version' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith({
      title_ru: 'Новое',
      text_ru: '**bold** <script>',
      title_en: 'Agreement',
      text_en: 'New terms',
      new_version: true,
      updated_at: agreement.updated_at,
    });
    expect(onSaved.mock.calls[0]![1]).toBe(true);
  });

  it('offers no new version for other pages', () => {
    setup({ ...agreement, slug: 'privacy', version: 1 });
    expect(screen.queryByLabelText('Publish as a new version of the agreement')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('says when someone else saved the page first, and shows field errors', async () => {
    const { save, onReload, onSaved } = setup();
    save.mockRejectedValueOnce(new ApiError(409, 'conflict', 'conflict'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Someone saved this page while you were editing it.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load their version' }));
    expect(onReload).toHaveBeenCalled();

    save.mockRejectedValueOnce(
      new ApiError(422, 'invalid', 'validation', { title_en: ['The title is required.'] }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The title is required.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'English' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Title (English)').classList.contains('is-invalid')).toBe(true);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('tells a page that does not exist yet', () => {
    setup({ ...agreement, slug: 'house-rules', updated_at: null, title_en: '', title_ru: '' });
    expect(screen.getByText('This page does not exist yet: saving creates it.')).toBeTruthy();
  });
});
