import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** "thumbs_up" → "thumbs up": a smiley the dictionary does not name yet still reads as words. */
export function humanizeTag(tag: string): string {
  const words = tag.replace(/[_-]+/g, ' ').trim();
  return words === '' ? tag : words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A smiley's name in the interface's language (the catalogue knows only its tag, `-laugh-`):
 * from the shell's dictionary, else the tag in words.
 */
export function useSmileyName(): (tag: string) => string {
  const { t } = useTranslation('common');
  return useCallback((tag: string) => t(`smileys.${tag}`, { defaultValue: humanizeTag(tag) }), [t]);
}
