import type { ContentReview } from '@chat/shared';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../../i18n/i18n';
import { makeEvidence } from '../../test/complaints-kit';
import { EvidenceView } from './components/evidence-view';
import { QueueItem } from './components/queue-item';

const inPage = (node: React.ReactNode) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );

const review = (overrides: Partial<ContentReview>): ContentReview => ({
  id: 3,
  subject_type: 'art_comment',
  subject_id: 81,
  owner: makePublicUser({ id: 7, slug: 'anna' }),
  status: 'new',
  reason: null,
  moderator: null,
  text: 'Красиво <b>очень</b>',
  attachment: null,
  forum_post: null,
  created_at: '2026-11-28T08:00:00.000Z',
  updated_at: '2026-11-28T08:00:00.000Z',
  ...overrides,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('art in moderation', () => {
  it('a queued art comment names its post and links to it; its text stays text', () => {
    inPage(
      <QueueItem
        review={review({
          art: {
            post_id: 9,
            post_slug: 'koshka',
            post_title: 'Кошка',
            comment_id: 81,
            held: false,
          },
        })}
        busy={false}
        onDecide={vi.fn()}
      />,
    );
    const link = screen.getByTestId('queue-art').querySelector('a')!;
    expect(link.textContent).toBe('A comment on “Кошка”');
    expect(link.getAttribute('href')).toBe('/ru/art/post/koshka');
    expect(screen.getByText('Art comment')).toBeTruthy();
    expect(screen.getByTestId('queue-text').textContent).toBe('Красиво <b>очень</b>');
  });

  it("a complaint's evidence about an art post links to the post", () => {
    inPage(
      <EvidenceView
        evidence={makeEvidence({
          kind: 'art_post',
          room_id: null,
          art_post: { id: 9, slug: 'koshka', title: 'Кошка' },
        })}
      />,
    );
    expect(screen.getByTestId('evidence-art-post').getAttribute('href')).toBe(
      '/ru/art/post/koshka',
    );
    expect(screen.getByTestId('evidence').textContent).toContain('Art post');
  });
});
