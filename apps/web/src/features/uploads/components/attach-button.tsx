import { ACCEPTED_IMAGE_MIME } from '@chat/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Svg } from '../../../lib/icons';

export interface AttachButtonProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  className?: string;
}

/** A paperclip that opens the file chooser for pictures (several at once). */
export function AttachButton({
  onFiles,
  disabled,
  className = 'chat-composer-btn',
}: AttachButtonProps) {
  const { t } = useTranslation('uploads');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={t('attach')}
        title={t('attach')}
        disabled={disabled}
        onClick={() => input.current?.click()}
        data-testid="attach-button"
      >
        <Svg size={21}>
          <path d="m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
        </Svg>
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_MIME.join(',')}
        multiple
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared, so that choosing the same file again (after removing it) is noticed.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
        data-testid="attach-input"
      />
    </>
  );
}
