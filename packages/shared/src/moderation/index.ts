export * from './permissions';
export * from './wire';
