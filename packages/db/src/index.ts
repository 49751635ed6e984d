export * from './database.js';
export * from './snapshot.js';
