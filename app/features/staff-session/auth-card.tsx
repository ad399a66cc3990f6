import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** The card of the sign-in pages (sign-in, invitation, forgotten password): an icon, a title, the form. */
export function AuthCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section className="container-page flex min-h-[70vh] items-center justify-center py-20">
      <div className="w-full max-w-md rounded-[var(--radius-card)] border border-ink/8 bg-white p-8 shadow-[var(--shadow-card)]">
        <div className="flex size-12 items-center justify-center rounded-full bg-ink text-brass-light">
          <Icon className="size-5" aria-hidden="true" />
        </div>
        <h1 className="mt-5 text-3xl font-semibold">{title}</h1>
        {children}
      </div>
    </section>
  );
}
