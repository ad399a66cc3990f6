import { cn } from "~/lib/cn";

/** The brand mark: a stylised machine front with a brass selection window. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8", className)}>
      <rect x="5" y="2" width="22" height="28" rx="4" fill="currentColor" />
      <rect x="8.5" y="5.5" width="11" height="15" rx="1.5" fill="#b8893b" />
      <path d="M8.5 10.5h11M8.5 15.5h11" stroke="#0f1115" strokeOpacity=".35" strokeWidth="1.2" />
      <rect x="21.5" y="6" width="2.5" height="6" rx="1" fill="#e3c58b" />
      <rect x="8.5" y="23.5" width="15" height="3" rx="1.5" fill="#e3c58b" />
    </svg>
  );
}

export function InstagramIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}
