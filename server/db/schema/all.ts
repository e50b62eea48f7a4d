export * from './accounts';
export * from './catalog';
export * from './campaigns';
export * from './giving';
export * from './content';
export * from './uploads';
export * from './onboarding';
export * from './messages';
