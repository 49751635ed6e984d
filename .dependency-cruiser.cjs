/**
 * Boundaries (docs/architecture.md): a service owns its data and is reached only through its
 * contract; the front end never imports server code; shared packages never import services or apps.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-service-imports',
      comment:
        'A service may not import another service: call it through its contract (@pawfresh/contracts).',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'tests-use-other-services-only-through-their-entry',
      comment:
        "A service's tests may wire another service as a real collaborator, through its package entry only.",
      severity: 'error',
      from: { path: '^services/([^/]+)/test/' },
      to: {
        path: '^services/([^/]+)/',
        pathNot: ['^services/$1/', '^services/[^/]+/src/index\\.ts$'],
      },
    },
    {
      name: 'no-server-code-in-the-front-end',
      comment:
        'The web apps talk to their APIs over HTTP; they may not import server code. The contracts (zod alone) are their types and field rules; packages/web-session their session.',
      severity: 'error',
      from: { path: '^apps/(customer|staff)/' },
      to: {
        path: '^(services|packages|apps/server)/',
        pathNot: ['^packages/contracts/src/', '^packages/web-session/src/'],
      },
    },
    {
      name: 'shared-packages-stay-below-services',
      comment: 'packages/* are the kit everything builds on: they may not import services or apps.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(services|apps)/' },
    },
    {
      name: 'contracts-on-zod-alone',
      comment:
        'The contracts are imported by the browser (ADR 006): they depend on zod and on each other, nothing else.',
      severity: 'error',
      from: { path: '^packages/contracts/src/' },
      to: {
        pathNot: ['^packages/contracts/src/', 'node_modules/zod/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'services-do-not-import-apps',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^apps/' },
    },
    {
      name: 'only-stores-touch-tables',
      comment:
        'Route handlers parse, call one flow and answer; flows combine stores, rules and other services (docs/architecture.md, ADR 007): tables are reached only through the stores in src/db.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/(routes\\.ts$|routes/|handlers/|flows/)' },
      to: {
        path: [
          '^services/[^/]+/src/db/schema\\.ts$',
          'node_modules/drizzle-orm/',
          '^packages/db/src/(orm|pg-core)\\.ts$',
        ],
      },
    },
    {
      name: 'routes-go-through-flows',
      comment:
        'Route handlers parse, call a flow and answer (ADR 007): they never import a store in src/db (types aside); the flow reads and writes.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/(routes\\.ts$|routes/|handlers/)' },
      to: { path: '^services/[^/]+/src/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'rules-are-pure',
      comment:
        'src/rules holds pure business rules: no stores, flows, routes, seeds, database drivers or HTTP.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/rules/' },
      to: {
        path: [
          '^services/[^/]+/src/(db|flows|routes|handlers|seed)/',
          '^services/[^/]+/src/(routes|index)\\.ts$',
          '^packages/(db|testing)/',
          'node_modules/(drizzle-orm|pg|@electric-sql|fastify|stripe|nodemailer|@dbos-inc)/',
        ],
      },
    },
    {
      name: 'rules-do-no-io',
      comment: 'Rules compute; files, sockets and processes belong to flows and stores.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/rules/' },
      to: {
        dependencyTypes: ['core'],
        path: '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|dns|child_process|cluster|worker_threads|readline|tls)$',
      },
    },
    {
      name: 'web-app-shared-code-stays-below-features',
      comment:
        'Shared code (components, lib, config, types) is used by features and the app, never the reverse (bulletproof-react).',
      severity: 'error',
      from: { path: '^apps/(customer|staff)/src/(components|lib|config|types)/' },
      to: { path: '^apps/$1/src/(features|app)/' },
    },
    {
      name: 'web-app-features-do-not-import-the-app',
      severity: 'error',
      from: { path: '^apps/(customer|staff)/src/features/' },
      to: { path: '^apps/$1/src/app/' },
    },
    {
      name: 'web-app-features-stand-alone',
      comment: 'A feature never imports another feature: the app composes them.',
      severity: 'error',
      from: { path: '^apps/(customer|staff)/src/features/([^/]+)/' },
      to: {
        path: '^apps/$1/src/features/([^/]+)/',
        pathNot: '^apps/$1/src/features/$2/',
      },
    },
    {
      name: 'courier-announces-to-order-never-calls-it',
      comment:
        'The order service calls the courier; the courier tells the order service of a delivery only by topic, from its outbox (shipment_delivered, docs/architecture.md): it may not import the order contract. apps/server/test/service-calls.test.ts holds the run-time direction (no loop of calls).',
      severity: 'error',
      from: { path: '^services/courier/src/' },
      to: { path: '^packages/contracts/src/order\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true, pathNot: 'node_modules' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.data)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
