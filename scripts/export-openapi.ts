/**
 * Writes every service's OpenAPI document to a folder (default openapi/), as the running server
 * serves them at <service>/openapi.json. Used by `npm run lint:openapi`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { connect } from '@pawfresh/db';
import { buildServer, readConfig, mountPathOf, serviceModules } from '../apps/server/src/index.js';

const outDir = path.resolve(process.argv[2] ?? 'openapi');
await mkdir(outDir, { recursive: true });
const database = await connect();
try {
  const app = await buildServer({
    config: readConfig({ CUSTOMER_APP_DIR: '/nonexistent' }),
    database,
  });
  for (const module of serviceModules) {
    const res = await app.inject({
      method: 'GET',
      url: `${mountPathOf(module.name)}${module.docsAt ?? ''}/openapi.json`,
    });
    if (res.statusCode !== 200) throw new Error(`${module.name}: ${res.statusCode} ${res.body}`);
    const file = path.join(outDir, `${module.name}.json`);
    await writeFile(file, JSON.stringify(res.json(), null, 2));
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
  await app.close();
} finally {
  await database.close();
}
