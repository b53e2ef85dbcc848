import { renderSmileysToHtml, type SmileyDictionary } from '@chat/shared';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Content text (forum posts now, art later; DESIGN.md "Content"): Markdown as written, rendered
 * ONCE at write time into the HTML every reader gets. markdown-it makes the HTML (raw HTML off),
 * then sanitize-html keeps only the tags a safe post needs, so a bug or a new markdown-it rule
 * can add nothing dangerous: the allow-list below is the last word on what a post may hold.
 */

/** Quotes in quotes in quotes: deeper than this is flattened to text, not recursed into. */
const MAX_NESTING = 20;
const LINK_REL = 'noopener nofollow ugc';
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

/** What the renderer needs besides the text: the smileys `-tag-` may name (file = its URL). */
export interface RenderEnv {
  smileys: SmileyDictionary;
}

const md = new MarkdownIt('default', {
  html: false,
  linkify: true,
  breaks: true,
  typographer: false,
  maxNesting: MAX_NESTING,
});
// Pictures come as attachments (upload pipeline), never from a URL in the text; headings, rules
// and tables are more than a chat site's posts need.
md.disable(['image', 'heading', 'lheading', 'hr', 'table']);

// Text runs (never code) turn `-tag-` into the site's smileys; everything else is escaped.
md.renderer.rules.text = (tokens, idx, _options, env) =>
  renderSmileysToHtml(
    tokens[idx]!.content,
    (env as Partial<RenderEnv> | undefined)?.smileys ?? new Map(),
    (file) => file,
  );

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'em',
    'strong',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
    'span',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    ol: ['start'],
    img: ['src', 'alt', 'class'],
  },
  allowedClasses: { img: ['smiley'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    // A link to anything but the web or mail stays as its words only.
    a: (tagName, attribs): sanitizeHtml.Tag =>
      attribs.href && SAFE_HREF.test(attribs.href)
        ? { tagName, attribs: { href: attribs.href, rel: LINK_REL, target: '_blank' } }
        : { tagName: 'span', attribs: {} },
  },
  // The only pictures in a post's text are the site's smileys (images are off in markdown-it);
  // a smiley's src is a path of this site, never a URL with a scheme.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    (frame.attribs.class !== 'smiley' || !(frame.attribs.src ?? '').startsWith('/')),
};

/** The sanitized HTML of a post's Markdown: what is stored and what the live preview shows. */
export function renderMarkdown(text: string, env: RenderEnv): string {
  return sanitizeHtml(md.render(text, { ...env }), SANITIZE).trim();
}

/** A plain-text excerpt of a post's Markdown (a reply's quote, a notification), at most `max`. */
export function excerptOf(text: string, max = 140): string {
  const flat = text
    .replace(/[*_`>#~[\]()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * The words a post's rendered HTML shows, as plain text (a search hit's snippet): its Markdown's
 * `**` and `>` gone, while a `<script>` the person typed stays the text it was. Only for the
 * HTML this module made, whose tags never hold a `>` inside an attribute.
 */
export function renderedAsText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
      if (!body.startsWith('#')) return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
