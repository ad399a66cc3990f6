import { Search } from "lucide-react";
import { Form } from "react-router";

/** A staff list's search box: a GET form that keeps the list's other filters (`keep`) in the address,
 * so that a search can be bookmarked and works before the app has started. */
export function StaffSearch({
  id,
  q,
  label,
  placeholder,
  keep = {},
}: {
  id: string;
  q: string;
  /** What the search looks in, for screen readers: 'Rechercher par client, code ou adresse'. */
  label: string;
  placeholder: string;
  keep?: Record<string, string | null>;
}) {
  return (
    <Form method="get" role="search" className="mb-4 flex gap-2" aria-label={label}>
      {Object.entries(keep).map(
        ([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />,
      )}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-stone"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          maxLength={100}
          placeholder={placeholder}
          className="h-11 w-full rounded-full border border-ink/15 bg-white pr-4 pl-10 text-base focus:border-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-brass/50"
        />
      </div>
      <button
        type="submit"
        aria-label="Rechercher"
        className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-full bg-ink px-4 text-sm font-medium text-ivory sm:px-5"
      >
        <Search className="size-4 sm:hidden" aria-hidden="true" />
        <span className="max-sm:sr-only">Rechercher</span>
      </button>
    </Form>
  );
}
