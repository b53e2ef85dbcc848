import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n';
import { makeAttachment } from '../../test/uploads-kit';
import { processingErrorText, uploadFailureText } from './upload-errors';

const refused = (file: string[]) => ({
  status: 422,
  envelope: {
    code: 'validation' as const,
    message: 'The given data was invalid.',
    errors: { file },
  },
  headers: new Headers(),
});

describe('upload refusals', () => {
  it("says which limit a refused picture broke, in the server's words", () => {
    const text = 'The animation has too many frames (at most 300).';
    expect(uploadFailureText(refused([text]), 'en', 0, translate)).toEqual({
      text,
      toast: false,
      retryable: false,
    });
    // Nothing said: our own words.
    expect(uploadFailureText(refused([]), 'en', 0, translate).text).toBe(
      'This is not a picture we accept (JPEG, PNG, GIF or WebP).',
    );
  });

  it('names too many frames when processing refuses an animation', () => {
    const attachment = makeAttachment({ status: 'error', error: 'too_many_frames' });
    expect(processingErrorText(attachment, 'ru', translate)).toBe(
      'В анимации слишком много кадров.',
    );
  });
});
