/**
 * What `next start` checks before it serves anyone (docs/operations.md "What a deployment must say on
 * purpose"): the deployment problems of lib/backend/settings.ts, and, when this process serves the embedded
 * backend, its database opened now (migrated, seeded, and refused when it holds demo members nobody asked
 * for). A problem is printed with its remedy and the process exits with EX_CONFIG (78), which systemd's unit
 * and scripts/deploy-supervise.sh do not restart: a configuration does not mend itself a second later.
 */
import { deploymentProblems, embeddedBackendAllowed } from '@/lib/backend/settings';

/** sysexits.h EX_CONFIG: deploy/systemd/shengai-next@.service has RestartPreventExitStatus=78. */
export const EX_CONFIG = 78;

type Env = Readonly<Record<string, string | undefined>>;

/** Host names reserved for examples (RFC 2606, RFC 6761): never a site's public address. */
const EXAMPLE_HOST = /(?:^|\.)(?:example|invalid)$|(?:^|\.)example\.(?:com|net|org)$/;

/**
 * SITE_URL names the public origin that canonical links, Open Graph, the sitemap and redirects are built from
 * (lib/site-config.ts siteUrl). Refused: a value that is not an http(s) origin, and an example's host, as
 * deploy/shengai.env.example's placeholder: the site would tell search engines that its pages live elsewhere.
 * Unset, it is the developer's http://localhost:3000.
 */
export function siteUrlProblem(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `SITE_URL=${value} is not an address: set the site's public origin, as https://www.example-hospital.cn`;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash || url.pathname.replace(/\/+$/, '') !== '') {
    return `SITE_URL=${value} is not an origin: set the scheme and host alone (https://host, a port if any), no path or query`;
  }
  if (EXAMPLE_HOST.test(url.hostname)) {
    return `SITE_URL=${value} is an example's placeholder: canonical links and the sitemap would name it. Set the site's public origin`;
  }
  return null;
}

/** The problems of this process's environment, or of opening its embedded database. */
export async function startProblems(env: Env = process.env): Promise<string[]> {
  // `next build` sets NODE_ENV=production too, and must build without a server's environment.
  if (env.NODE_ENV !== 'production' || env.NEXT_PHASE === 'phase-production-build') return [];
  const siteUrl = siteUrlProblem(env.SITE_URL);
  const problems = [...deploymentProblems(env), ...(siteUrl ? [siteUrl] : [])];
  if (problems.length > 0 || env.API_BASE_URL || !embeddedBackendAllowed(env)) return problems;
  try {
    const { getBackend } = await import('@/lib/backend/router');
    getBackend();
  } catch (err) {
    return [err instanceof Error ? err.message.replace(/^\[backend\] /, '') : String(err)];
  }
  return [];
}

export async function refuseUnsafeStart(env: Env = process.env): Promise<void> {
  const problems = await startProblems(env);
  if (problems.length === 0) return;
  for (const problem of problems) console.error(`[start] ${problem}`);
  console.error('[start] not starting: see docs/operations.md "What a deployment must say on purpose"');
  process.exit(EX_CONFIG);
}
