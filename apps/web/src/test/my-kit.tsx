// Test kit of the "My profile" tabs: i18n, a fresh query client and a router around a tab.
import type { Device, PublicUser } from '@chat/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { makeNick } from '../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../i18n/i18n';
import type { MyProfileView, MySocial } from '../features/my/api';

export function renderMy(ui: ReactElement, path = '/en/my/profile') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/:locale/my/:tab?" element={ui} />
            <Route path="*" element={<div data-testid="elsewhere" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

export function makeUser(id: number, nick = `User${id}`): PublicUser {
  return {
    id,
    slug: `user-${id}`,
    nick: makeNick(nick),
    avatar: null,
    frame: null,
    premium: false,
    roles: ['user'],
    gender: null,
  };
}

export function makeProfile(overrides: Partial<MyProfileView> = {}): MyProfileView {
  return {
    about: null,
    gender: null,
    birthdate: null,
    marital_status: null,
    partner: null,
    partner_confirmed: false,
    partner_request: null,
    email: null,
    email_verified: false,
    phone: null,
    phone_pending: null,
    im_privacy: 'all',
    ...overrides,
  };
}

export function makeDevice(id: number, overrides: Partial<Device> = {}): Device {
  return {
    id,
    user_agent: 'Mozilla/5.0',
    name: `Chrome ${id} on Linux`,
    browser: 'Chrome',
    browser_version: String(id),
    os: 'Linux',
    ip: `10.0.0.${id}`,
    created_at: '2025-01-01T10:00:00.000Z',
    last_active_at: '2025-01-02T10:00:00.000Z',
    current: false,
    ...overrides,
  };
}

/** `GET /api/my/social` of an account with a password and no links, unless told otherwise. */
export function makeSocial(overrides: Partial<MySocial> = {}): MySocial {
  return { links: [], has_password: true, can_unlink: true, available: [], ...overrides };
}
