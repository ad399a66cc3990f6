import { Award, BadgeCheck } from "lucide-react";
import { MSG } from "~/lib/messages";
import { cn } from "~/lib/cn";

export function FreeInstallBadge({ className, small = false }: { className?: string; small?: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 font-medium text-success",
        small ? "text-xs" : "text-sm",
        className,
      )}
    >
      <BadgeCheck className="size-4" aria-hidden="true" />
      {MSG.installationGratuite}
    </span>
  );
}

export function StockBadge({ disponible }: { disponible: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold",
        disponible ? "bg-success text-white" : "bg-brass-light text-ink",
      )}
    >
      {disponible ? "En stock" : "Sur commande"}
    </span>
  );
}

export function TopTenBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full bg-ink px-2.5 py-1 text-xs font-semibold text-brass-light",
        className,
      )}
    >
      <Award className="size-3.5" aria-hidden="true" />
      Top 10
    </span>
  );
}
