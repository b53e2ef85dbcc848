// Import boundaries, checked by ESLint (`npx eslint .`, the lint step of `npm test`) with
// no-restricted-imports on the import as written; `import type` counts like any import.
//   1. Infrastructure (apps/server/src/{http,db,lib,realtime,events}) imports no feature.
//   2. `*.routes.ts` import no `*.repository.ts`: routes call one service.
//   3. In apps/web/src, a feature (features/X/**) imports no other feature's components
//      (features/Y/components/**).
// EXCEPTIONS lists the crossings known today, each for one file and the imports it may keep. It
// only shrinks: a new file, or a new import in a listed file, is held to the rule.
import { readdirSync } from 'node:fs';

const SERVER = 'apps/server/src';
const INFRASTRUCTURE = ['http', 'db', 'lib', 'realtime', 'events'];
const WEB_FEATURES = 'apps/web/src/features';

const noFeatures = {
  regex: '^(?:.*/)?features/',
  message:
    'Infrastructure imports no feature: declare the interface it needs where it is (a port) ' +
    'and let the feature implement it, or move what both need out of the feature.',
};
const noRepositories = {
  regex: '^.*\\.repository(?:\\.ts)?$',
  message: 'Routes call one service, never a repository.',
};
const noComponentsOf = (feature) => ({
  regex: `^(?:.*/)?(?!${feature}/)[^./][^/]*/components(?:/|$)`,
  message:
    "A feature imports no other feature's components: generic UI goes to src/shared/, and a " +
    'page (src/pages/) composes the features it shows.',
});

/** The restrictions that hold for one file of the repository. */
function restrictionsOf(file) {
  const restrictions = [];
  if (INFRASTRUCTURE.some((dir) => file.startsWith(`${SERVER}/${dir}/`)))
    restrictions.push(noFeatures);
  if (file.startsWith(`${SERVER}/`) && file.endsWith('.routes.ts'))
    restrictions.push(noRepositories);
  const feature = file.startsWith(`${WEB_FEATURES}/`) && file.split('/')[4];
  if (feature) restrictions.push(noComponentsOf(feature));
  return restrictions;
}

/**
 * Crossings known today: file → the imports (exactly as written) it may keep, and why.
 * Remove an entry when its file no longer needs it.
 */
const EXCEPTIONS = [
  // The session plugin reads sessions through the auth feature's repository type. The access
  // layer (issue 18, part 1) is rewriting http/session.ts now: it should declare the store it
  // needs in http/ (a port) that SessionsRepository implements.
  {
    file: `${SERVER}/http/session.ts`,
    allow: ['../features/auth/sessions.repository'],
  },
  {
    file: `${SERVER}/http/session-cache.ts`,
    allow: ['../features/auth/sessions.repository'],
  },
  {
    file: `${SERVER}/http/session-cache.test.ts`,
    allow: ['../features/auth/sessions.repository'],
  },
  // The unit of work's test enqueues through the real job queue, which lives in features/jobs
  // (the queue is infrastructure in a feature's folder; moving it is a change of its own).
  {
    file: `${SERVER}/db/unit-of-work.test.ts`,
    allow: ['../features/jobs/job-queue', '../features/jobs/jobs.repository'],
  },

  // apps/web: one feature's components shown inside another's. Another engineer is moving the
  // generic UI to src/shared/ now (issue 18, part 5); what stays is composition, for slots or
  // for the pages to do.
  ...[
    ['chat/components/layout/chat-header.tsx', ['../../../im/components/im-dock']],
    ['chat/components/layout/chat-layout.tsx', ['../../../im/components/im-dock']],
    [
      'chat/components/messages/message-toolbar.tsx',
      [
        '../../../complaints/components/report-item',
        '../../../im/components/write-private-item',
        '../../../sanctions/components/sanction-button',
      ],
    ],
    [
      'chat/components/users/user-list-item.tsx',
      [
        '../../../im/components/write-private-item',
        '../../../presents/components/send-gift-button',
        '../../../sanctions/components/sanction-button',
      ],
    ],
    ['chat/components/users/user-list.tsx', ['../../../presents/components/gift-dialog']],
    ['composer/message-box-gag.test.tsx', ['../chat/components/composer/composer']],
    ['composer/message-box.tsx', ['../sanctions/components/gag-banner']],
    ['im/components/composer.tsx', ['../../chat/components/composer/smiley-button']],
    ['im/components/message-item.tsx', ['../../complaints/components/report-item']],
    ['moderation/components/complaints-tab.tsx', ['../../complaints/components/complaints-list']],
    [
      'my/chat-settings/chat-settings-tab.tsx',
      ['../../chat/components/chat-context', '../../chat/components/settings/settings-panel'],
    ],
    ['my/frames/frames-tab.tsx', ['../../premium/components/premium-lock']],
    ['my/nick/nick-tab.tsx', ['../../premium/components/premium-lock']],
    ['my/tab-content.tsx', ['../notifications/components/notifications-list']],
    ['navbar/notification-bell.test.tsx', ['../notifications/components/store-context']],
    [
      'navbar/notification-bell.tsx',
      [
        '../notifications/components/notification-icon',
        '../notifications/components/notification-item',
        '../notifications/components/store-context',
      ],
    ],
    ['navbar/signed-in-nav.tsx', ['../balance/components/balance-nav']],
    ['presents/components/gift-dialog.tsx', ['../../premium/components/not-enough-coins']],
    ['presents/profile-gifts.test.tsx', ['../profiles/components/profile-view']],
    [
      'profiles/components/profile-actions.tsx',
      [
        '../../balance/components/send-coins-dialog',
        '../../complaints/components/report-item',
        '../../premium/components/give-premium-button',
        '../../presents/components/send-gift-button',
      ],
    ],
    ['profiles/components/profile-photos.tsx', ['../../complaints/components/report-item']],
    ['profiles/components/profile-view.tsx', ['../../presents/components/profile-gifts']],
    ['sanctions/components/sanction-dialog.test.tsx', ['../../chat/components/users/user-list']],
  ].map(([file, allow]) => ({ file: `${WEB_FEATURES}/${file}`, allow })),
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function rule(restrictions, allow = []) {
  const except = allow.length > 0 ? `(?!(?:${allow.map(escape).join('|')})$)` : '';
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: restrictions.map(({ regex, message }) => ({
          regex: `^${except}${regex.replace(/^\^/, '')}`,
          caseSensitive: true,
          message,
        })),
      },
    ],
  };
}

const webFeatures = readdirSync(new URL(WEB_FEATURES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const infrastructure = INFRASTRUCTURE.map((dir) => `${SERVER}/${dir}/**`);

/** Flat-config blocks; a later block replaces the rule of an earlier one for the same file. */
export const boundaries = [
  { files: [`${SERVER}/**/*.routes.ts`], rules: rule([noRepositories]) },
  { files: infrastructure, rules: rule([noFeatures]) },
  {
    files: infrastructure.map((glob) => `${glob}/*.routes.ts`),
    rules: rule([noFeatures, noRepositories]),
  },
  ...webFeatures.map((feature) => ({
    files: [`${WEB_FEATURES}/${feature}/**`],
    rules: rule([noComponentsOf(feature)]),
  })),
  ...EXCEPTIONS.map(({ file, allow }) => ({
    files: [file],
    rules: rule(restrictionsOf(file), allow),
  })),
];
