/**
 * The one place the forum and the art section put HTML into the page: a post's `html` (or the preview's), which the
 * server rendered from Markdown and sanitized (allow-listed tags, safe links, smiley pictures).
 * Everything else of a post (nick, subject, quote excerpts, texts of earlier edits) is text.
 */
export function ServerHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={`forum-html text-break${className ? ` ${className}` : ''}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
