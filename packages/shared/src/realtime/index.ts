export * from './channels';
export * from './events';
