export { testDatabase } from './database.js';
export { allServiceMigrations, repoRoot } from './migrations.js';
export { expectConsoleError } from './setup.js';
