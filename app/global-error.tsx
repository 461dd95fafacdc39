'use client';
import { ErrorView, safeDigest } from '@/components/layout/error-view';
import { siteConfig } from '@/lib/site-config';
import './globals.css';

/**
 * The root layout itself failed: this replaces it, so it brings its own
 * <html> and <body> (docs/security.md). Same friendly page, no stack trace.
 */
export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <html lang="zh-CN">
      <head>
        <title>{`页面暂时无法显示 - ${siteConfig.title}`}</title>
      </head>
      <body className="flex min-h-screen flex-col antialiased">
        <main id="main" className="flex-1">
          <ErrorView digest={safeDigest(error)} onRetry={retry} />
        </main>
      </body>
    </html>
  );
}
