/**
 * The header's login / register entry. Issue 6 turns this into the member
 * island (the member's name and menu) and wires it to the overlays.
 */
export function MemberEntry() {
  return (
    <div className="flex items-center gap-3 text-sm">
      <span className="text-stone-600">欢迎来到圣爱中医</span>
      <span className="rounded border border-brand-700 px-3 py-1 text-brand-700">登录 / 注册</span>
    </div>
  );
}
