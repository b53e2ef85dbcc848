import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-error';
import { createSound } from './api';
import { SoundForm } from './sound-form';

vi.mock('./api', () => ({ createSound: vi.fn() }));
const create = vi.mocked(createSound);

beforeEach(async () => {
  create.mockReset();
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('ru');
});

const fill = () => {
  fireEvent.change(screen.getByLabelText('Name in Russian'), { target: { value: 'Арфа' } });
  fireEvent.change(screen.getByLabelText('Name in English'), { target: { value: 'Harp' } });
  const file = new File(['RIFF'], 'harp.wav', { type: 'audio/wav' });
  fireEvent.change(screen.getByLabelText('File'), { target: { files: [file] } });
  fireEvent.change(screen.getByLabelText('Default for'), { target: { value: 'mention' } });
  return file;
};

describe('the sound form of the admin area', () => {
  it('asks for the names and the file before sending anything', () => {
    render(<SoundForm onAdded={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getAllByText('Fill this in.')).toHaveLength(2);
    expect(screen.getByText('Choose an MP3, Ogg or WAV file.')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the sound with the kind it is the default for', async () => {
    const onAdded = vi.fn();
    create.mockResolvedValue({} as never);
    render(<SoundForm onAdded={onAdded} />);
    const file = fill();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({
      name_ru: 'Арфа',
      name_en: 'Harp',
      default_for: 'mention',
      file,
    });
  });

  it('shows the server’s refusal of a file that is not audio under the file field', async () => {
    create.mockRejectedValue(
      new ApiError(422, 'The given data was invalid.', 'validation', {
        file: ['A sound is an MP3, Ogg or WAV file.'],
      }),
    );
    render(<SoundForm onAdded={vi.fn()} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('A sound is an MP3, Ogg or WAV file.')).toBeTruthy();
  });
});
