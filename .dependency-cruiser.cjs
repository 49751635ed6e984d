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
        'The customer app talks to the customer API over HTTP; it may not import server code. The contracts (zod alone) are its types and field rules.',
      severity: 'error',
      from: { path: '^apps/customer/' },
      to: { path: '^(services|packages|apps/server)/', pathNot: '^packages/contracts/src/' },
    },
    {
      name: 'shared-packages-stay-below-services',
      comment: 'packages/* are the kit everything builds on: they may not import services or apps.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(services|apps)/' },
    },
    {
      name: 'services-do-not-import-apps',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^apps/' },
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
