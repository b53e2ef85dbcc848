import { escapeHtml } from './escape';

export interface SmileyEntry {
  readonly file: string;
}

/** The smiley dictionary keyed by tag name (spec section 3); a Map or a plain object from JSON. */
export type SmileyDictionary =
  ReadonlyMap<string, SmileyEntry> | Readonly<Record<string, SmileyEntry>>;

export interface TextToken {
  readonly type: 'text';
  readonly text: string;
}

export interface SmileyToken {
  readonly type: 'smiley';
  /** The name without the surrounding hyphens. */
  readonly tag: string;
  readonly file: string;
}

export type MessageToken = TextToken | SmileyToken;

export const SMILEY_TAG_MAX_LENGTH = 32;

/** How many recently sent smileys an account keeps (user data `recent_smileys`). */
export const RECENT_SMILEYS_MAX = 24;

// Sticky so it only matches a tag that starts exactly at the hyphen under the cursor.
const TAG_AT = new RegExp(`-([\\p{L}\\p{N}_]{1,${SMILEY_TAG_MAX_LENGTH}})-`, 'uy');

function isMap(dictionary: SmileyDictionary): dictionary is ReadonlyMap<string, SmileyEntry> {
  return dictionary instanceof Map;
}

function lookUp(dictionary: SmileyDictionary, name: string): SmileyEntry | undefined {
  let entry: SmileyEntry | undefined;
  if (isMap(dictionary)) {
    entry = dictionary.get(name);
  } else if (Object.hasOwn(dictionary, name)) {
    // Only own keys count: a plain object inherits `constructor`, `toString`, `__proto__`...
    entry = dictionary[name];
  }
  // The dictionary arrives as JSON, so an entry without a file name cannot become an image.
  return typeof entry?.file === 'string' ? entry : undefined;
}

/**
 * Splits text into plain text and known smiley tags (`-name-`). The web app renders the tokens as
 * text nodes and images, so nothing here is HTML. Unknown names stay as text, and their closing
 * hyphen may still open the next tag: in `-nope-smile-` the smiley is found.
 */
export function tokenizeSmileys(text: string, dictionary: SmileyDictionary): MessageToken[] {
  const tokens: MessageToken[] = [];
  let textStart = 0;
  let cursor = text.indexOf('-');

  while (cursor !== -1) {
    TAG_AT.lastIndex = cursor;
    const match = TAG_AT.exec(text);
    const name = match?.[1];
    const entry = name === undefined ? undefined : lookUp(dictionary, name);

    if (name !== undefined && entry !== undefined) {
      if (cursor > textStart) {
        tokens.push({ type: 'text', text: text.slice(textStart, cursor) });
      }
      tokens.push({ type: 'smiley', tag: name, file: entry.file });
      // The closing hyphen belongs to this tag, so `-a--b-` needs its own hyphen for `b`.
      textStart = TAG_AT.lastIndex;
      cursor = text.indexOf('-', textStart);
    } else {
      cursor = text.indexOf('-', cursor + 1);
    }
  }

  if (textStart < text.length) {
    tokens.push({ type: 'text', text: text.slice(textStart) });
  }
  return tokens;
}

/**
 * The dictionary's smileys a text uses, each once, ordered by its last use in the text (the one
 * written last comes last): what a sent message adds to its author's recent smileys.
 */
export function usedSmileyTags(text: string, dictionary: SmileyDictionary): string[] {
  const used = new Set<string>();
  for (const token of tokenizeSmileys(text, dictionary)) {
    if (token.type !== 'smiley') continue;
    used.delete(token.tag);
    used.add(token.tag);
  }
  return [...used];
}

/**
 * HTML rendering of the same tokens for places that need a string (server-rendered pages, emails).
 * Everything, the image URL included, is escaped because the text is user input and the file names
 * come from the admin-editable dictionary.
 */
export function renderSmileysToHtml(
  text: string,
  dictionary: SmileyDictionary,
  imageUrl: (file: string) => string,
): string {
  return tokenizeSmileys(text, dictionary)
    .map((token) =>
      token.type === 'text'
        ? escapeHtml(token.text)
        : `<img class="smiley" src="${escapeHtml(imageUrl(token.file))}" alt="-${escapeHtml(token.tag)}-">`,
    )
    .join('');
}
