import type { Role } from '../roles';

/**
 * What a signed-in person may do, as strings delivered with user data (`permissions`). Every
 * check on the server and every button in the web app reads these, never a role name (API.md
 * "Moderation and complaints").
 */
export const PERMISSIONS = [
  /** Create rooms, add quotes, write private messages, keep a profile (registered people). */
  'room.create',
  'quote.add',
  'im.send',
  'profile.edit',
  /** Start forum threads (where a category lets registered people) and reply in them. */
  'forum.post',
  /** Pin, lock, move and delete forum threads, delete and edit any post, read edit histories. */
  'forum.moderate',
  /** File complaints (guests too: a gagged guest must be able to appeal). */
  'complaint.create',
  /** Delete anyone's message for everyone, hide anyone's message. */
  'message.delete_any',
  /** Read the earlier texts of an edited room message (its edit history). */
  'message.edits',
  /** Sanctions (spec section 6: moderators and admins ban, gag, warn, view the banlist). */
  'user.gag',
  'user.ban',
  'user.warn',
  'user.troll',
  'banlist.view',
  /** Accept or refuse profile texts and photos, including a restore request (spec section 6). */
  'content.moderate',
  /** See the open complaints queue, take one, answer and resolve it, answer appeals. */
  'complaint.handle',
  /**
   * Handle complaints about staff (people with `complaint.handle`): the admins; a moderator
   * never sees a complaint about a moderator or an admin (issue 19, point 7).
   */
  'complaint.handle_staff',
  /** Read the moderation log. */
  'moderation.log',
  /** Go invisible in a room (staff, and anyone while premium: the spec's "invisibility"). */
  'room.invisible',
  /** See invisible people (spec section 6: the admin does). */
  'user.invisible.view',
  /** Edit any room and enter private rooms without an invitation. */
  'room.manage_any',
  /** Make a user a moderator or an admin and back. */
  'roles.manage',
  /**
   * Change another admin's role. No role holds it until the permission table gives it: by
   * default an admin cannot demote another admin (issue 23, point 6).
   */
  'roles.manage_admins',
  /** The admin area (`/admin`) and its dashboard; each child page needs its own below too. */
  'admin.access',
  /** Static pages: the agreement, privacy, rules (a new agreement version is accepted again). */
  'admin.pages',
  /** Releases of the site's apps per platform, and which one is required. */
  'admin.releases',
  /** The catalogues: nick fonts, avatar frames, gifts (and their statistics), smileys, sounds. */
  'admin.fonts',
  'admin.frames',
  'admin.gifts',
  'admin.smileys',
  'admin.sounds',
  /** Every site setting (main room, prices, limits, guest entry, registration). */
  'admin.settings',
  /** The role × permission table (`roles.manage` still decides who holds which role). */
  'admin.permissions',
  /** The admin log: who changed what in the admin area, before and after. */
  'admin.log',
  /** Premium perks (features/economy), checked on the server: gradient nicks, the colours
   * beyond the basic palette rows, premium-only frames, PREMIUM_PHOTOS_MAX photos and
   * PREMIUM_UPLOAD_MAX_BYTES uploads. */
  'nick.gradient',
  'nick.palette_extended',
  'frame.premium',
  'photos.extended',
  'uploads.large',
  /** See who sent an anonymous gift (moderators and admins). */
  'gifts.see_anonymous',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const REGISTERED: readonly Permission[] = [
  'room.create',
  'quote.add',
  'im.send',
  'profile.edit',
  'forum.post',
  'complaint.create',
];
const MODERATOR: readonly Permission[] = [
  ...REGISTERED,
  'message.delete_any',
  'message.edits',
  'user.gag',
  'user.ban',
  'user.warn',
  'user.troll',
  'banlist.view',
  'content.moderate',
  'forum.moderate',
  'complaint.handle',
  'moderation.log',
  'room.invisible',
  'gifts.see_anonymous',
];

/** What an active premium adds to a person's roles (granted while `premium_until` is ahead). */
export const PREMIUM_PERMISSIONS: readonly Permission[] = [
  'nick.gradient',
  'nick.palette_extended',
  'frame.premium',
  'photos.extended',
  'uploads.large',
  'room.invisible',
];

/**
 * The one role → permission table (the admin area will make it editable; until then it is code,
 * pinned by its test). A user's permissions are the union over their roles.
 */
export type RoleTable = Readonly<Record<Role, readonly Permission[]>>;
export const ROLE_PERMISSIONS: RoleTable = {
  guest: ['complaint.create'],
  user: REGISTERED,
  moderator: MODERATOR,
  // The admin has every permission, the premium perks included, but changing other admins'
  // roles: that one the table must give.
  admin: PERMISSIONS.filter((p) => p !== 'roles.manage_admins'),
};

/**
 * The union over roles of the table, plus PREMIUM_PERMISSIONS while `premium` (a guest cannot
 * hold premium: buying needs a registered account, but a stray flag grants a guest nothing).
 */
export function permissionsOfRoles(
  roles: Iterable<string>,
  options: { premium?: boolean; table?: RoleTable } = {},
): Permission[] {
  const table = options.table ?? ROLE_PERMISSIONS;
  const out = new Set<Permission>();
  let registered = false;
  for (const role of roles) {
    if (Object.hasOwn(table, role)) {
      if (role !== 'guest') registered = true;
      for (const permission of table[role as Role]) out.add(permission);
    }
  }
  if (options.premium === true && registered)
    for (const permission of PREMIUM_PERMISSIONS) out.add(permission);
  return PERMISSIONS.filter((permission) => out.has(permission));
}

/**
 * What "registered" means on both ends, instead of the role name: a registered account keeps a
 * profile, a guest does not. Every "not for guests" rule reads this permission.
 */
export const REGISTERED_PERMISSION: Permission = 'profile.edit';

/**
 * Whether someone with these roles holds a permission: for other people, whose wire objects
 * carry roles and the premium flag but not permissions (the signed-in person reads their own
 * `permissions`).
 */
export function rolesHold(
  roles: Iterable<string>,
  permission: Permission,
  options: { premium?: boolean } = {},
): boolean {
  return permissionsOfRoles(roles, options).includes(permission);
}

/** A registered account (not a guest), judged by the table from the roles a wire user carries. */
export function isRegisteredRoles(roles: Iterable<string>): boolean {
  return rolesHold(roles, REGISTERED_PERMISSION);
}

export function isPermission(value: unknown): value is Permission {
  return (PERMISSIONS as readonly unknown[]).includes(value);
}

/**
 * Rank for "who may sanction whom": a moderator acts on guests and users, an admin also on
 * moderators; nobody on their equals or betters, nobody on themselves.
 */
const RANK: Readonly<Record<Role, number>> = { guest: 0, user: 0, moderator: 1, admin: 2 };

export function roleRank(roles: Iterable<string>): number {
  let rank = 0;
  for (const role of roles) {
    if (Object.hasOwn(RANK, role)) rank = Math.max(rank, RANK[role as Role]);
  }
  return rank;
}

export function outranks(actorRoles: Iterable<string>, targetRoles: Iterable<string>): boolean {
  return roleRank(actorRoles) > roleRank(targetRoles);
}

/** The roles an admin can give on the profile (`guest` is not given; it is how one arrives). */
export const ASSIGNABLE_ROLES = ['user', 'moderator', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
