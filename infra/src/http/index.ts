export * from './app.ts';
export * from './auth.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './schemas.ts';
export * from './envelopes.ts';
export * from './json-depth.ts';
export * from './text-policy.ts';
