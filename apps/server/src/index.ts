export { buildServer, selectedModules } from './app.js';
export { readConfig, DEV_SERVICE_TOKEN, type ServerConfig } from './config.js';
export { prepareDatabase } from './prepare.js';
export { serviceModules, serviceNames, mountPathOf, inProcessUrl } from './services.js';
