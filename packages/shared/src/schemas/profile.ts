import { z } from 'zod';
import { IM_PRIVACY } from '../im/wire';

/**
 * `PATCH /api/my/profile`: a partial update of the caller's profile. Only `im_privacy` for now;
 * the profiles feature adds `about`, `gender`, `birthdate`... here (API.md "Profiles").
 */
export const myProfilePatchBody = z
  .object({
    im_privacy: z.enum(IM_PRIVACY),
  })
  .partial();
export type MyProfilePatch = z.infer<typeof myProfilePatchBody>;

/** What the patch answers until the full profile exists. */
export const myProfileSchema = z.object({
  im_privacy: z.enum(IM_PRIVACY),
});
export type MyProfile = z.infer<typeof myProfileSchema>;
