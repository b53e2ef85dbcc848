import type { ForumContentTools } from '../../db/seed/seed-forum';
import { renderMarkdown } from './markdown';
import { slugBase } from './slug';

/** How the demo forum's seed makes its posts' HTML and its slugs: as the forum itself does. */
export const FORUM_CONTENT_TOOLS: ForumContentTools = {
  render: (text, smileys) => renderMarkdown(text, { smileys }),
  slug: slugBase,
};
