import type { ReactNode } from "react";

/** One card of a person's settings (Mon compte): a titled section with the line that says what it is
 * for, then its content. `badge` sits beside the title (the app's « Activée »). */
export function SettingsCard({
  id,
  title,
  badge,
  lead,
  children,
  testId,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-7"
      data-testid={testId}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={id} className="text-2xl font-semibold">
          {title}
        </h2>
        {badge}
      </div>
      {lead && <p className="mt-1 text-sm text-stone">{lead}</p>}
      {children}
    </section>
  );
}
