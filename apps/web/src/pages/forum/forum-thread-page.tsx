import './forum-styles';
import { Container } from 'react-bootstrap';
import { useParams } from 'react-router';
import { ThreadView } from '../../features/forum/components/thread-view';
import { GagBanner } from '../../features/sanctions/components/gag-banner';
import { SmileyTools } from './smiley-tools';

/** `/{locale}/forum/thread/{slug}?page|post`: a thread, live while open, with the reply box. */
export function ForumThreadPage() {
  const { threadSlug = '' } = useParams();
  return (
    <Container className="py-4 forum-page">
      <ThreadView
        key={threadSlug}
        slug={threadSlug}
        Tools={SmileyTools}
        gagNotice={<GagBanner />}
      />
    </Container>
  );
}
