export * from './error';
export * from './org';
export * from './auth';
export * from './person';
export * from './import';
export * from './registration';
export * from './audiences';
