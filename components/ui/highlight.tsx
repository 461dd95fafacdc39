/**
 * The matched words of a search, marked in a result (docs/site-search.md). The keyword is matched as
 * literal text, ASCII letters case-folded as the backend's LIKE does; each word of a keyword with spaces
 * is marked on its own.
 */
export function splitMatches(text: string, keyword: string): { text: string; match: boolean }[] {
  const words = [...new Set(keyword.split(/\s+/).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!text || words.length === 0) return text ? [{ text, match: false }] : [];
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = text.split(new RegExp(`(${escaped.join('|')})`, 'i'));
  const lower = new Set(words.map((w) => w.toLowerCase()));
  return parts.filter((p) => p !== '').map((p) => ({ text: p, match: lower.has(p.toLowerCase()) }));
}

export function Highlight({ text, keyword }: { text: string; keyword?: string }) {
  if (!keyword) return <>{text}</>;
  return (
    <>
      {splitMatches(text, keyword).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
