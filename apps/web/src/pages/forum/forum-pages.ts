// The forum's three pages as one lazy chunk: moving between them loads nothing more, and the
// first paint's entry lists the chunk's dependencies once, not three times.
export { ForumPage } from './forum-page';
export { ForumCreatePage } from './forum-create-page';
export { ForumThreadPage } from './forum-thread-page';
