export * from './plan';
export * from './schedule';
