/**
 * In CI (CI_REPORT_DIR set) every Vitest run also writes a JSON report; .ci/run sums them into the
 * one closing line CI reads.
 */
export function ciReporters(name: string, database = process.env.DATABASE_URL ? 'pg' : 'embedded') {
  const dir = process.env.CI_REPORT_DIR;
  if (!dir) return {};
  return {
    reporters: ['default', 'json'],
    outputFile: { json: `${dir}/${name}-${database}.json` },
  };
}
