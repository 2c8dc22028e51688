// Audience rules (spec §3 Person-selection conditions), shared by the server and the rule editor.
export * from './audienceRules';
