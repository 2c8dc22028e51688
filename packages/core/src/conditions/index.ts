// Condition engine (spec §5): conditions, templates and actions over a context object.
export * from './conditionTypes';
export * from './readPath';
export * from './compareValues';
export * from './parseCondition';
export * from './evaluateCondition';
export * from './renderTemplate';
export * from './runAction';
