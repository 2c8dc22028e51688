export * from './error';
export * from './org';
export * from './auth';
export * from './person';
