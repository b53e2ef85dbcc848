import { useQuery, useQueryClient } from '@tanstack/react-query';
import { myApi, myKeys, type MyProfileView } from './api';

/** The caller's own profile (the profile, privacy and partner parts read it). */
export function useMyProfile() {
  return useQuery({ queryKey: myKeys.profile, queryFn: () => myApi.profile() });
}

/** After a save: the answer is the new profile. */
export function useSetMyProfile() {
  const client = useQueryClient();
  return (profile: MyProfileView) => client.setQueryData(myKeys.profile, profile);
}
