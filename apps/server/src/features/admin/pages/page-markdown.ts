import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * A static page's Markdown as HTML: the forum's recipe (features/content/markdown.ts: markdown-it
 * with raw HTML off, then a sanitize-html allow-list that is the last word), with what a long
 * legal text needs besides a post's tags: headings and rules. No pictures, no classes, no
 * styles; links only to the web or mail.
 */

const md = new MarkdownIt('default', {
  html: false,
  linkify: true,
  breaks: false,
  typographer: false,
  maxNesting: 20,
});
md.disable(['image']);

const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
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
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    // A page's top heading is its title (h1): `#` in the text becomes a section heading.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs): sanitizeHtml.Tag =>
      attribs.href && SAFE_HREF.test(attribs.href)
        ? {
            tagName,
            attribs: attribs.href.startsWith('/')
              ? { href: attribs.href }
              : { href: attribs.href, rel: 'noopener nofollow', target: '_blank' },
          }
        : { tagName: 'span', attribs: {} },
  },
};

/** The sanitized HTML of a page's Markdown: what the public page and the admin's preview show. */
export function renderPageMarkdown(text: string): string {
  return sanitizeHtml(md.render(text), SANITIZE).trim();
}
