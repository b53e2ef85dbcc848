import { escapeHtml } from '@chat/shared';
import { stemWord } from '../../lib/search-words';
import { foldWords } from '../../lib/text-fold';
import type { ParsedQuery } from './search-query';

/** Words a snippet shows: a window around the first match. */
export const SNIPPET_WORDS = 30;
/** Words before the first match inside the window. */
const LEAD = 8;

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A hit's snippet, made in the app from its ORIGINAL text: HTML-escaped, whitespace folded,
 * the words whose stems the query matched wrapped in <mark> (the only tags in it), cut to a
 * window of SNIPPET_WORDS words around the first match, with "…" where text was cut.
 */
export function makeSnippet(text: string, query: ParsedQuery, words = SNIPPET_WORDS): string {
  const tokens = tokenize(text.replace(/\s+/gu, ' ').trim());
  const matches = matcher(query);
  const wordAt = tokens.flatMap((t, i) => (t.word ? [i] : []));
  const marked = new Set(wordAt.filter((i) => matches(tokens[i]!.text)));
  const first = wordAt.findIndex((i) => marked.has(i));
  const startWord = first <= LEAD ? 0 : first - LEAD;
  const endWord = Math.min(wordAt.length, startWord + words);
  const from = startWord === 0 ? 0 : wordAt[startWord]!;
  const to = endWord >= wordAt.length ? tokens.length : wordAt[endWord]!;
  let out = '';
  for (let i = from; i < to; i += 1) {
    const escaped = escapeHtml(tokens[i]!.text);
    out += marked.has(i) ? `<mark>${escaped}</mark>` : escaped;
  }
  out = out.trim();
  if (from > 0) out = `…${out}`;
  if (to < tokens.length) out = `${out}…`;
  return out;
}

interface Token {
  text: string;
  word: boolean;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    if (m.index > last) tokens.push({ text: text.slice(last, m.index), word: false });
    tokens.push({ text: m[0], word: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) tokens.push({ text: text.slice(last), word: false });
  return tokens;
}

/** Whether a word of the text is one the query looked for (a phrase's words each count). */
export function matcher(query: ParsedQuery): (word: string) => boolean {
  const stems = new Set<string>();
  const prefixes: { word: string; stem: string }[] = [];
  for (const t of query.terms) {
    if (t.kind === 'phrase') t.stems.forEach((s) => stems.add(s));
    else if (t.kind === 'word') stems.add(t.stem);
    else prefixes.push(t);
  }
  return (original) => {
    const { folded, stem } = indexForm(original);
    if (folded === '') return false;
    return (
      stems.has(stem) || prefixes.some((p) => stem.startsWith(p.stem) || folded.startsWith(p.word))
    );
  };
}

/**
 * A word of a text as the index holds it (folded, stemmed), remembered: ranking a search's 200
 * candidates asks about thousands of words of a far smaller vocabulary, and folding (NFKC,
 * Russian lower case) and stemming cost microseconds a word (`npm run bench -- forum`).
 * Bounded: emptied when full; words longer than any stem are not kept.
 */
const FORMS_MAX = 50_000;
const FORM_KEY_MAX = 128;
const forms = new Map<string, { folded: string; stem: string }>();

function indexForm(original: string): { folded: string; stem: string } {
  let form = forms.get(original);
  if (form === undefined) {
    const folded = foldWords(original).join('');
    form = { folded, stem: folded === '' ? '' : stemWord(folded) };
    if (original.length <= FORM_KEY_MAX) {
      if (forms.size >= FORMS_MAX) forms.clear();
      forms.set(original, form);
    }
  }
  return form;
}
