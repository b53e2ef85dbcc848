import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { SmileyForm } from './smiley-form';

const groups = [
  { id: 1, name_ru: 'Эмоции', name_en: 'Emotions' },
  { id: 2, name_ru: 'Еда', name_en: 'Food' },
];
const picture = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cat.png', { type: 'image/png' });

beforeEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('SmileyForm', () => {
  it('sends the tag without its hyphens, the chosen group and the picture', async () => {
    const added = vi.fn();
    const form = vi.spyOn(api, 'form').mockResolvedValue({
      data: {
        id: 9,
        group_id: 2,
        tag: 'cat',
        file: '/storage/smileys/a.png',
        position: 1,
        updated_at: 'x',
      },
    } as never);
    render(<SmileyForm groups={groups} onAdded={added} />);
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: '-cat-' } });
    fireEvent.change(screen.getByLabelText('Group'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Picture (PNG, GIF or WebP)'), {
      target: { files: [picture()] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(added).toHaveBeenCalledOnce());
    const [path, body] = form.mock.calls[0]!;
    expect(path).toBe('/api/admin/smileys');
    const sent = body as FormData;
    expect(sent.get('tag')).toBe('cat');
    expect(sent.get('group_id')).toBe('2');
    expect((sent.get('image') as File).name).toBe('cat.png');
    expect(screen.getByLabelText<HTMLInputElement>('Tag').value).toBe('');
  });

  it('refuses a tag the tokenizer would not read, and sends nothing', () => {
    const form = vi.spyOn(api, 'form');
    render(<SmileyForm groups={groups} onAdded={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'two words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(form).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Tag').className).toContain('is-invalid');
    expect(screen.getByText('Choose a picture.')).toBeTruthy();
  });

  it("shows the server's word under the field: a taken tag", async () => {
    vi.spyOn(api, 'form').mockRejectedValue(
      new ApiError(422, 'invalid', 'validation', {
        tag: ['There is already a smiley with this tag.'],
      }),
    );
    const added = vi.fn();
    render(<SmileyForm groups={groups} onAdded={added} />);
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'smile' } });
    fireEvent.change(screen.getByLabelText('Picture (PNG, GIF or WebP)'), {
      target: { files: [picture()] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('There is already a smiley with this tag.')).toBeTruthy();
    expect(added).not.toHaveBeenCalled();
  });
});
