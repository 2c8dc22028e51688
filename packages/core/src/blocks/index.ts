export * from './video';
export * from './drive';
export * from './formRecord';
