import { ENGLISH_GLUE, LEMMAS, RUSSIAN_GLUE } from './vocabulary.mjs';

/** A small seeded generator: the same data on both dialects and in every run. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Picks lemmas of one language as a text would use them: a few often, most rarely (Zipf's law
 * over a seeded order), so that a two-word search finds anything from a handful to tens of
 * thousands of hits, as on a real site.
 */
function zipfPicker(lemmas, random) {
  const order = [...lemmas];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const cumulative = [];
  let total = 0;
  for (let rank = 0; rank < order.length; rank++) {
    total += 1 / (rank + 10);
    cumulative.push(total);
  }
  return (r) => {
    const target = r * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return order[lo];
  };
}

/**
 * Texts for posts, subjects and chat messages: sentences of word forms with glue words between
 * them. `make(kind)` answers `{ text, lang, words }`, `words` being the content word forms used
 * (what the bench draws its search queries from).
 */
export function textMaker(seed) {
  const random = mulberry32(seed);
  const pickers = {
    ru: zipfPicker(
      LEMMAS.filter((l) => l.lang === 'ru'),
      random,
    ),
    en: zipfPicker(
      LEMMAS.filter((l) => l.lang === 'en'),
      random,
    ),
  };
  const glue = { ru: RUSSIAN_GLUE, en: ENGLISH_GLUE };
  const pick = (list) => list[Math.floor(random() * list.length)];

  function sentence(lang, length, words) {
    const out = [];
    for (let i = 0; i < length; i++) {
      if (i > 0 && random() < 0.35) out.push(pick(glue[lang]));
      const form = pick(pickers[lang](random()).forms);
      words.push(form);
      out.push(form);
    }
    out[0] = out[0][0].toLocaleUpperCase('ru') + out[0].slice(1);
    const end = random();
    return `${out.join(' ')}${end < 0.75 ? '.' : end < 0.9 ? '!' : '?'}`;
  }

  /** `kind`: `post` (1–4 sentences), `subject` (a few words), `chat` (one short sentence). */
  return function make(kind) {
    const lang = random() < 0.72 ? 'ru' : 'en';
    const words = [];
    let text;
    if (kind === 'subject') {
      text = sentence(lang, 2 + Math.floor(random() * 4), words).replace(/[.!]$/, '');
    } else if (kind === 'chat') {
      text = sentence(lang, 2 + Math.floor(random() * 8), words);
    } else {
      const count = 1 + Math.floor(random() * 4);
      const sentences = [];
      for (let i = 0; i < count; i++) {
        // Now and then a post mixes in a sentence of the other language, as people do.
        const l = i > 0 && random() < 0.1 ? (lang === 'ru' ? 'en' : 'ru') : lang;
        sentences.push(sentence(l, 4 + Math.floor(random() * 10), words));
      }
      text = sentences.join(' ');
    }
    return { text, lang, words };
  };
}
