// Billing (issue 14): money in minor units, the interest rule and how a credit is distributed.
export * from './money';
export * from './interest';
export * from './distribute';
