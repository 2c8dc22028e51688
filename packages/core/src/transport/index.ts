// Transport and live GPS (issue 13): the bus tracker's ETA and the demo bus's path.
export * from './geo-distance';
export * from './eta';
export * from './demo-path';
export * from './approach';
