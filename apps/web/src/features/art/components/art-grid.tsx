import type { ArtPostCard } from '@chat/shared';
import { ArtCard, ROW_HEIGHT } from './art-card';

interface ArtGridProps {
  posts: readonly ArtPostCard[];
  /** The height rows aim at: smaller for a row on the home page or a profile. */
  rowHeight?: number;
  label: string;
  testId?: string;
}

/** Posts as a justified grid of their first pictures (rows of one height, proportions kept). */
export function ArtGrid({
  posts,
  rowHeight = ROW_HEIGHT,
  label,
  testId = 'art-grid',
}: ArtGridProps) {
  return (
    <ul className="art-grid" aria-label={label} data-testid={testId}>
      {posts.map((post) => (
        <ArtCard key={post.id} post={post} rowHeight={rowHeight} />
      ))}
    </ul>
  );
}
