import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The server as `npm start` runs it (the build steps ran before: `npm run test:browser`). */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
