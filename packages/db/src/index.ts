export * from './database.js';
export * from './snapshot.js';
export * from './errors.js';
export * from './columns.js';
export * from './reference-sql.js';
export * from './pglite-wire.js';
export * from './revisions.js';
export * from './json-rows.js';
