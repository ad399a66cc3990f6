import { Skeleton } from "~/components/ui/skeleton";

export function ContactFormSkeleton() {
  return (
    <div
      role="status"
      aria-label="Chargement du formulaire"
      className="space-y-5 rounded-[var(--radius-card)] border border-ink/8 bg-white/90 p-5 shadow-[var(--shadow-card)] sm:p-8 lg:p-10"
      data-testid="contact-skeleton"
    >
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-5 w-32" />
      <Skeleton className="h-12 w-full" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-32 w-full" />
      <Skeleton rounded="full" className="h-12 w-44" />
    </div>
  );
}
