import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { typography } from "~/lib/typography";

/** Frame of every staff page: back link, title, short intro, optional actions. */
export function AdminPage({
  title,
  intro,
  back = { to: "/edit", label: "Retour au panneau" },
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  back?: { to: string; label: string } | null;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="container-page py-10 sm:py-14">
      {back && (
        <Link to={back.to} className="inline-flex items-center gap-2 text-sm font-medium text-stone hover:text-ink">
          <ArrowLeft className="size-4" aria-hidden="true" /> {back.label}
        </Link>
      )}
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">{typography(title)}</h1>
          {intro && (
            <p className="mt-2 max-w-2xl text-stone">{typeof intro === "string" ? typography(intro) : intro}</p>
          )}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="mt-8">{children}</div>
    </section>
  );
}
