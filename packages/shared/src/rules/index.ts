// Pure rules shared by the server and the web app. Each file holds one rule and its tests sit beside it.
export * from './escape';
export * from './smileys';
export * from './plural';
export * from './abbreviate';
export * from './color';
export * from './relative-time';
export * from './bans';
export * from './taboo';
export * from './marital';
export * from './notifications';
export * from './palette';
export * from './nick-style';
export * from './top-month';
export * from './text';
