export * from './wire';
export * from './my';
