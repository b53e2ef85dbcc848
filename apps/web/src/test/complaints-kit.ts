// Test kit of complaints and moderation: wire objects from small overrides, a signed-in viewer
// with chosen permissions, and a fake server behind window.fetch (the real API client runs).
import {
  REGISTERED_PERMISSION,
  type BanWire,
  type ComplaintDetail,
  type ComplaintWire,
  type Evidence,
  type Permission,
} from '@chat/shared';
import { vi } from 'vitest';
import { makePublicUser } from '../../../../packages/shared/src/test/chat-fixtures';
import { makeUserData } from './chat-kit';
import { useSessionStore } from '../features/session/store';

export const VIEWER = 100;

/**
 * Signs in a viewer with these permissions on top of what marks an account as registered
 * (the server sends it to every role but guest), so "registered" needs no role name.
 */
export function signInWith(permissions: readonly Permission[], roles = ['user']) {
  const registered = roles.includes('guest') ? [] : [REGISTERED_PERMISSION];
  const data = {
    ...makeUserData({ id: VIEWER, roles }),
    permissions: [...new Set([...registered, ...permissions])],
  };
  useSessionStore.setState({ userData: data, initialized: true });
  return data;
}

export function makeEvidence(overrides: Partial<Evidence> = {}): Evidence {
  return {
    kind: 'message',
    id: 55,
    author: makePublicUser({ id: 7, slug: 'troll' }),
    text: 'you are all wrong',
    attachments: [],
    room_id: 1,
    channel_id: null,
    created_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeComplaint(id: number, overrides: Partial<ComplaintWire> = {}): ComplaintWire {
  return {
    id,
    target_type: 'message',
    target_id: 55,
    is_appeal: false,
    reason: 'insult',
    text: null,
    status: 'open',
    reporter: makePublicUser({ id: VIEWER }),
    reports_count: 1,
    accused: makePublicUser({ id: 7, slug: 'troll' }),
    assignee: null,
    resolver: null,
    resolution: null,
    evidence: makeEvidence(),
    created_at: '2025-05-01T10:05:00.000Z',
    updated_at: '2025-05-01T10:05:00.000Z',
    resolved_at: null,
    ...overrides,
  };
}

export function makeDetail(id: number, overrides: Partial<ComplaintDetail> = {}): ComplaintDetail {
  return {
    ...makeComplaint(id),
    comments: [],
    ban: null,
    can: { take: false, resolve: false, comment: true },
    ...overrides,
  };
}

export function makeBan(id: number, overrides: Partial<BanWire> = {}): BanWire {
  return {
    id,
    user_id: 7,
    user: makePublicUser({ id: 7, slug: 'troll' }),
    type: 'ban',
    type_id: 2,
    period: '24h',
    reason: 'taboo',
    taboo: 'drugs',
    comment: null,
    moderator: makePublicUser({ id: 9, slug: 'mod' }),
    evidence: null,
    created_at: '2025-05-01T10:00:00.000Z',
    expires_at: '2999-05-02T10:00:00.000Z',
    lifted_at: null,
    lifted_by: null,
    lift_reason: null,
    appeal: null,
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}
type Answer = { status?: number; body?: unknown };
type Handler = (call: Call) => Answer;

/**
 * A fake server: `routes` by "METHOD /path" (no query) answer with a status and a body (the
 * envelope is added: `{ data, meta }` for a list given as `{ data, meta }`, else `{ data }`).
 * Every call is recorded; an unknown route answers 404.
 */
export function fakeServer(routes: Record<string, Answer | Handler>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // The API client passes the path as a string.
    const url = new URL(input as string, 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = typeof route === 'function' ? route(call) : route;
    if (!answer) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const status = answer.status ?? 200;
    if (status === 204) return new Response(null, { status });
    const body = answer.body;
    const envelope =
      typeof body === 'object' && body !== null && 'data' in body ? body : { data: body };
    return new Response(JSON.stringify(envelope), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  window.fetch = fetch;
  return {
    calls,
    fetch,
    of: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
  };
}

export const page = <T>(data: T[], current = 1, last = 1) => ({
  data,
  meta: { current_page: current, last_page: last, per_page: 20, total: data.length },
});
