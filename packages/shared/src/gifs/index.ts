export * from './limits';
export * from './wire';
