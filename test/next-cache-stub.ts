// lib/ tests run outside Next: the data cache is a pass-through.
export function unstable_cache<T extends (...args: never[]) => unknown>(fn: T): T {
  return fn;
}
export function revalidateTag() {}
export function revalidatePath() {}
export function updateTag() {}
