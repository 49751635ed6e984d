export * from './database.js';
export * from './snapshot.js';
export * from './errors.js';
