/**
 * The accessible wiring between a form's fields and their error messages
 * (common brief "Quality bar": labels, errors announced and tied to their
 * input): `field(name)` spreads onto the input (id, aria-invalid,
 * aria-describedby), `errorOf(name)` is the message under it, or null.
 * `alert` makes the message a live region (role="alert").
 */
export function fieldErrors<K extends string>(formId: string, errors: Partial<Record<K, string>>, { alert = false } = {}) {
  const field = (name: K) => ({
    id: `${formId}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${formId}-${name}-error` : undefined,
  });
  const errorOf = (name: K) =>
    errors[name] ? (
      <p id={`${formId}-${name}-error`} role={alert ? 'alert' : undefined} className="mt-1 text-sm text-brand-700">
        {errors[name]}
      </p>
    ) : null;
  return { field, errorOf };
}
