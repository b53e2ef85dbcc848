export * from './money';
export * from './premium';
export * from './wire';
