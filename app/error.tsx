'use client';
import { ErrorView, safeDigest } from '@/components/layout/error-view';

/** A page that failed to render: the friendly error page inside the site shell (docs/security.md). */
export default function Error({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <ErrorView digest={safeDigest(error)} onRetry={retry} />;
}
