// Role names are decided in one place: the server's access layer (apps/server/src/access/) and
// the shared role → permission table. Everywhere else asks for a permission, so a rule that
// tests "is this a guest / an admin" by name is refused here. Only comparisons with a role are
// caught (a `.role`, a `roles.includes`, a `where('role', ...)`, a `switch (x.role)`): the same
// words as error codes (`'guest'`) or texts stay free.
const ROLE = '/^(guest|user|moderator|admin)$/';
const message =
  'Ask for a permission (access/ on the server, features/session/permissions.ts on the web), not a role name.';

const selectors = [
  `BinaryExpression[left.property.name='role'][right.value=${ROLE}]`,
  `BinaryExpression[right.property.name='role'][left.value=${ROLE}]`,
  `CallExpression[callee.property.name='includes'][callee.object.property.name='roles'][arguments.0.value=${ROLE}]`,
  `CallExpression[callee.property.name='includes'][callee.object.name='roles'][arguments.0.value=${ROLE}]`,
  `CallExpression[callee.property.name='where'][arguments.0.value=/^(users\\.)?role$/][arguments.2.value=${ROLE}]`,
  `SwitchStatement[discriminant.property.name='role'] > SwitchCase[test.value=${ROLE}]`,
];

export const roleNames = [
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/server/src/access/**',
      // Tests, kits and the seed make people of each role on purpose.
      '**/*.test.{ts,tsx}',
      '**/test/**',
      '**/*test-kit.ts',
      'apps/server/src/hostile/**',
      'apps/server/src/db/seed/**',
      // The role editor shows which role a person has: roles are its subject.
      'apps/web/src/features/profiles/components/profile-role-actions.tsx',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...selectors.map((selector) => ({ selector, message }))],
    },
  },
];
