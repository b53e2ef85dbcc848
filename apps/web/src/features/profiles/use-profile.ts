import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error';
import { can } from '../session/permissions';
import { useSessionStore } from '../session/store';
import { profileQuery } from './api';

/** A profile by slug, with "no such user" told apart from "failed". */
export function useProfile(slug: string) {
  const viewerId = useSessionStore((s) => s.userData?.user.id ?? null);
  const query = useQuery(profileQuery(slug, viewerId));
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return {
    profile: query.data,
    isLoading: query.isLoading,
    missing,
    failed: query.isError && !missing,
    retry: () => void query.refetch(),
  };
}

/** No session, or a guest's: profiles show them a note instead of actions. */
export function useViewerIsGuest(): boolean {
  return useSessionStore((s) => !can(s.userData, 'profile.edit'));
}
