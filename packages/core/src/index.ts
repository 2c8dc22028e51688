// Public surface of @patio/core. Each area adds its export line here.
export * from './schemas/index';
export * from './conditions/index';
