// Pure chat rules for the web app's store and the server; test fixtures stay out of this index.
export * from './incoming-message';
export * from './message-cap';
export * from './reactions';
export * from './room-users';
export * from './rooms';
export * from './mentions';
export * from './typing';
export * from './commands';
export * from './message-abilities';
export * from './replies';
