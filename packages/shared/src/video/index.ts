export * from './constants';
export * from './wire';
