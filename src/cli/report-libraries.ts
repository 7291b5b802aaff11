// The report's charting libraries, vega and vega-lite: optional peer dependencies of the package, so that an
// install for the solver, the estimate or the library brings no plotting stack. `acesup report` loads them
// here, and says in one line how to add them where they are missing.

import { UsageError } from './errors.ts';

/** The packages the report draws with, as a user installs them. */
const CHART_PACKAGES = ['vega', 'vega-lite'] as const;

/** Whether `error` is the failure to find one of the chart packages (not an error inside one). */
function missingPackage(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined;
  const message = (error as Error).message;
  return CHART_PACKAGES.find((name) => message.includes(`'${name}'`) || message.includes(`"${name}"`));
}

/** The report's chart and page modules, once vega and vega-lite are found; a UsageError naming the install otherwise. */
export async function loadReportModules(): Promise<[typeof import('../report/charts.ts'), typeof import('../report/report-page.ts')]> {
  try {
    return await Promise.all([import('../report/charts.ts'), import('../report/report-page.ts')]);
  } catch (error) {
    const missing = missingPackage(error);
    if (missing === undefined) throw error;
    throw new UsageError(
      `the report draws its charts with ${CHART_PACKAGES.join(' and ')}, which are not installed (${missing} is missing): npm install ${CHART_PACKAGES.join(' ')}`,
    );
  }
}
