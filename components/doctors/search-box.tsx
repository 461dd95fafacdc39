/**
 * A GET search form: the keyword lands in the URL (?q=), so results can be
 * shared and work without JavaScript. Other list state rides along as hidden fields.
 */
export function ListSearchBox({
  action,
  keyword,
  label,
  placeholder,
  hidden = {},
}: {
  action: string;
  keyword: string;
  label: string;
  placeholder: string;
  hidden?: Record<string, string | undefined>;
}) {
  return (
    <form action={action} method="get" role="search" className="flex gap-2">
      <label className="sr-only" htmlFor="list-search">
        {label}
      </label>
      <input
        id="list-search"
        name="q"
        type="search"
        defaultValue={keyword}
        maxLength={50}
        placeholder={placeholder}
        className="w-72 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      {Object.entries(hidden).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
        搜索
      </button>
    </form>
  );
}
