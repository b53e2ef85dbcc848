export * from './wire';
export * from './settings';
export * from './catalog';
export * from './media';
export * from './gifts';
export * from './pages';
