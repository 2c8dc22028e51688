// Public surface of @patio/core. Each area adds its export line here.
export * from './schemas/index';
export * from './conditions/index';
export * from './audiences/index';
export * from './constants';
export * from './languages/resolveLanguage';
export * from './query';
export * from './format/bytes';
export * from './format/dates';
export * from './format/spanishWords';
export * from './format/currency';
export * from './people/displayName';
export * from './avatar';
export * from './token/decodeToken';
export * from './token/microsoftIdToken';
export * from './people/documentKey';
export * from './people/nameCharacters';
