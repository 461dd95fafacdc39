'use client';
import { Link } from '@/components/ui/link';
import { homePath } from '@/lib/internal-paths';

/**
 * The friendly page shown when a page fails to render (app/error.tsx and
 * app/global-error.tsx, docs/security.md): a plain Chinese explanation and two ways on
 * — try again, or go home. Never the error's message or stack: server errors
 * reach the browser only as an opaque digest, which we show so that a
 * patient calling the hotline can quote it.
 */
export function ErrorView({ digest, onRetry }: { digest?: string; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center" role="alert">
      <p className="text-5xl font-bold text-brand-700" aria-hidden="true">
        抱歉
      </p>
      <h1 className="mt-4 text-2xl font-semibold text-stone-900">页面暂时无法显示</h1>
      <p className="mt-3 text-stone-600">服务繁忙或网络异常，请稍后再试。您也可以先返回首页，继续浏览其他内容。</p>
      {digest ? <p className="mt-2 text-sm text-stone-600">错误编号：{digest}</p> : null}
      <div className="mt-8 flex justify-center gap-4">
        <button
          type="button"
          onClick={onRetry}
          className="rounded bg-brand-700 px-5 py-2 text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          重新加载
        </button>
        <Link href={homePath()} className="rounded border border-brand-700 px-5 py-2 text-brand-700 hover:bg-brand-50">
          返回首页
        </Link>
      </div>
    </div>
  );
}

/** Only a digest-shaped value (Next's opaque id) is ever shown. */
export function safeDigest(error: unknown): string | undefined {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && /^[\w-]{1,64}$/.test(digest) ? digest : undefined;
}
