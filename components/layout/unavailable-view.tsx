'use client';
import { ErrorView } from './error-view';

/**
 * The friendly error page rendered on the server (app/404/unavailable): the whole-page cache
 * sends it, with 503 and Retry-After, as the first HTML of a public page that failed to render
 * (docs/decisions.md "Errors render on the server"). 重新加载 loads the address again.
 */
export function UnavailableView() {
  return <ErrorView onRetry={() => window.location.reload()} />;
}
