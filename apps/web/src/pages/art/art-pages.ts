// The art section's three pages as one lazy chunk: moving between them loads nothing more.
export { ArtPage } from './art-page';
export { ArtCreatePage } from './art-create-page';
export { ArtPostPage } from './art-post-page';
