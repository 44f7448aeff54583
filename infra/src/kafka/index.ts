export * from './codec.ts';
export * from './client.ts';
export * from './relay.ts';
export * from './admission.ts';
export * from './consumer.ts';
export * from './routing.ts';
