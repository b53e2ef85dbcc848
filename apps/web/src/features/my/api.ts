import type {
  AuthProvider,
  Device,
  Frame,
  FriendsList,
  Gender,
  MaritalStatus,
  MyPasswordBody,
  MyProfile,
  NickStyle,
  ProfileListItem,
  ProfilePhoto,
  PublicUser,
} from '@chat/shared';
import { api } from '../../lib/api';
import type { HttpMethod, RequestOptions } from '../../lib/api-client';

/** The caller's own profile as the form edits it (`GET`/`PATCH /api/my/profile`). */
export type MyProfileView = MyProfile;

export interface MyProfilePatchInput {
  about?: string | null;
  gender?: Gender | null;
  birthdate?: string | null;
  marital_status?: MaritalStatus | null;
  partner_id?: number | null;
  email?: string | null;
  phone?: string | null;
  im_privacy?: 'all' | 'friends';
}

/** `GET /api/my/social`: the account's links to other sites and what may be linked. */
export interface MySocial {
  links: { provider: string; provider_name: string; name: string | null; created_at: string }[];
  has_password: boolean;
  /** False when a link is the only way to sign in: it cannot be removed. */
  can_unlink: boolean;
  available: AuthProvider[];
}

/** `GET /api/my/email`: the profile's address and whether it is confirmed. */
export interface MyEmail {
  email: string | null;
  verified: boolean;
  /** A code was sent and can still be typed. */
  code_pending: boolean;
}

/** A square in the source picture's pixels, what `POST /api/my/avatar` crops to. */
export interface CropBox {
  x: number;
  y: number;
  size: number;
}

export interface NickStyleSave {
  color: string | null;
  has_gradient: boolean;
  gradient: string[];
  font_id: number | null;
  weight: number | null;
  italic: boolean;
}

async function call<T>(method: HttpMethod, path: string, body?: unknown, options?: RequestOptions) {
  return (await api.request<T>(path, { ...options, method, body })).data;
}

const validating: RequestOptions = { handlesValidation: true };

export const myApi = {
  profile: () => call<MyProfileView>('GET', '/api/my/profile'),
  saveProfile: (patch: MyProfilePatchInput) =>
    call<MyProfileView>('PATCH', '/api/my/profile', patch, validating),
  /** The first page of the nick search (prefix, any case). */
  searchUsers: async (q: string) =>
    (
      await call<ProfileListItem[]>('GET', '/api/profiles/search', undefined, {
        silent: true,
        query: { q },
      })
    ).map((item) => item.user),
  /** My gallery, every moderation status (the owner sees their pending photos too). */
  photos: () => call<ProfilePhoto[]>('GET', '/api/my/photos'),
  addPhoto: (attachmentId: number) =>
    call<ProfilePhoto>('POST', '/api/my/photos', { attachment_id: attachmentId }),
  deletePhoto: (id: number) => call<null>('DELETE', `/api/my/photos/${id}`),
  setAvatar: (photoId: number, crop: CropBox) =>
    call<PublicUser>('POST', '/api/my/avatar', { photo_id: photoId, crop }),
  removeAvatar: () => call<PublicUser>('DELETE', '/api/my/avatar'),
  saveNick: (style: NickStyleSave) => call<NickStyle>('PATCH', '/api/my/nick', style, validating),
  frames: () => call<Frame[]>('GET', '/api/frames'),
  setFrame: (frameId: number | null) =>
    call<PublicUser>('POST', '/api/my/frame', { frame_id: frameId }),
  /** The code sent to `phone_pending`: right, and the phone is my sign-in name. */
  confirmPhone: (code: string) =>
    call<MyProfileView>('POST', '/api/my/phone/confirm', { code }, validating),
  confirmPartner: (userId: number) =>
    call<MyProfileView>('POST', '/api/my/partner/confirm', { user_id: userId }),
  declinePartner: (userId: number) =>
    call<MyProfileView>('POST', '/api/my/partner/decline', { user_id: userId }),
  friends: () => call<FriendsList>('GET', '/api/friends'),
  addFriend: (id: number) => call<unknown>('POST', `/api/friends/${id}`),
  removeFriend: (id: number) => call<unknown>('DELETE', `/api/friends/${id}`),
  ignored: () => call<PublicUser[]>('GET', '/api/ignore'),
  unignore: (id: number) => call<number[]>('DELETE', `/api/ignore/${id}`),
  /** Without `password` when the account has none (then a recent sign-in is asked instead). */
  changePassword: (body: MyPasswordBody) =>
    call<null>('POST', '/api/my/password', body, validating),
  /** Without a password when the account has none (then a recent sign-in is asked instead). */
  deleteAccount: (password?: string) =>
    call<null>('DELETE', '/api/my/account', password === undefined ? {} : { password }, validating),
  sessions: (options?: RequestOptions) =>
    call<Device[]>('GET', '/api/my/sessions', undefined, options),
  endSession: (id: number) => call<null>('DELETE', `/api/my/sessions/${id}`),
  endOtherSessions: () => call<null>('DELETE', '/api/my/sessions'),
  social: () => call<MySocial>('GET', '/api/my/social'),
  /** 422 `social.last_method` when it is the last way to sign in: shown in place. */
  unlink: (provider: string) =>
    call<null>('DELETE', `/api/my/social/${encodeURIComponent(provider)}`, undefined, validating),
  email: () => call<MyEmail>('GET', '/api/my/email'),
  /** Mails a code and a link (204); 422 and 429 are shown in place. */
  sendEmailCode: () =>
    call<null>('POST', '/api/my/email/verify', undefined, {
      handlesValidation: true,
      handledStatuses: [429],
    }),
  confirmEmailCode: (code: string) =>
    call<MyEmail>(
      'POST',
      '/api/my/email/confirm',
      { code },
      {
        handlesValidation: true,
        handledStatuses: [429],
      },
    ),
};

export type MyApi = typeof myApi;

/** TanStack Query keys of this feature. */
export const myKeys = {
  profile: ['my', 'profile'] as const,
  photos: ['my', 'photos'] as const,
  frames: ['my', 'frames'] as const,
  friends: ['my', 'friends'] as const,
  ignored: ['my', 'ignored'] as const,
  sessions: ['my', 'sessions'] as const,
  social: ['my', 'social'] as const,
  email: ['my', 'email'] as const,
};
