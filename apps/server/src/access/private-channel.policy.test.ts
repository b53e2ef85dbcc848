import { describe, expect, it } from 'vitest';
import { can, canSee, writeBlock, type WriteFacts } from './private-channel.policy';
import { viewerOf } from './viewer';

const facts = (over: Partial<WriteFacts> = {}): WriteFacts => ({
  writer: { id: 1, role: 'user' },
  recipient: { id: 2, role: 'user', im_privacy: 'all' },
  ignoredByRecipient: false,
  ignoringRecipient: false,
  friends: null,
  ...over,
});

describe('private messages policy', () => {
  it('lets two registered people write unless something stands between them', () => {
    expect(writeBlock(facts())).toBeNull();
    expect(writeBlock(facts({ recipient: undefined }))).toBe('deleted');
    expect(writeBlock(facts({ writer: { id: 1, role: 'guest' } }))).toBe('guest');
    expect(writeBlock(facts({ recipient: { id: 2, role: 'guest', im_privacy: 'all' } }))).toBe(
      'guest',
    );
    expect(writeBlock(facts({ ignoredByRecipient: true }))).toBe('ignored');
    expect(writeBlock(facts({ ignoringRecipient: true }))).toBe('ignoring');
    expect(writeBlock(facts({ ignoredByRecipient: true, ignoringRecipient: true }))).toBe(
      'ignored',
    );
  });

  it('enforces friends-only privacy only when friendships are known', () => {
    const friendsOnly = { id: 2, role: 'user', im_privacy: 'friends' };
    expect(writeBlock(facts({ recipient: friendsOnly, friends: null }))).toBeNull();
    expect(writeBlock(facts({ recipient: friendsOnly, friends: true }))).toBeNull();
    expect(writeBlock(facts({ recipient: friendsOnly, friends: false }))).toBe('friends_only');
    expect(writeBlock(facts({ friends: false }))).toBeNull();
  });

  it('shows a channel to its two people and lets only the author delete', () => {
    const channel = {
      id: 1,
      user_low_id: 3,
      user_high_id: 9,
      last_message_id: null,
      created_at: '',
    };
    expect([3, 9, 4].map((id) => canSee({ id }, channel))).toEqual([true, true, false]);
    const message = {
      id: 1,
      channel_id: 1,
      user_id: 3,
      text: '',
      attachments: '[]',
      deleted: 0,
      client_id: null,
      read_at: null,
      created_at: '',
    };
    const person = (id: number) => viewerOf({ id, role: 'user' });
    expect(can(person(3), 'delete', message)).toBe(true);
    expect(can(person(9), 'delete', message)).toBe(false);
    expect(can(person(9), 'restore', message)).toBe(false);
  });
});
