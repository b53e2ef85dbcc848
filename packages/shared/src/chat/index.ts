export * from './constants';
export * from './wire';
export * from './rules';
