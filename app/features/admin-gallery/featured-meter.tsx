import { Star } from "lucide-react";
import { cn } from "~/lib/cn";
import { MAX_FEATURED } from "./order";
import { typography } from "~/lib/typography";

/** 'N / 6' photos featured on the home page, with six stars for a quick read. */
export function FeaturedMeter({ count }: { count: number }) {
  const full = count >= MAX_FEATURED;
  return (
    <div className="flex flex-col gap-1.5 rounded-2xl border border-ink/8 bg-white px-4 py-3 shadow-[var(--shadow-card)]">
      <p className="text-xs font-semibold tracking-wide text-stone uppercase">En vedette sur l'accueil</p>
      <div className="flex items-center gap-3">
        <p
          className="font-display text-2xl font-semibold tabular-nums"
          aria-label={`${count} photos en vedette sur ${MAX_FEATURED}`}
        >
          {`${count} / ${MAX_FEATURED}`}
        </p>
        <span className="flex gap-0.5" aria-hidden="true">
          {Array.from({ length: MAX_FEATURED }, (_, i) => (
            <Star key={i} className={cn("size-4", i < count ? "fill-brass text-brass" : "text-ink/20")} />
          ))}
        </span>
      </div>
      <p className={cn("text-xs", full ? "text-brass-ink" : "text-stone")} aria-live="polite">
        {full
          ? typography("Maximum atteint : retirez une photo de la vedette pour en choisir une autre.")
          : `Encore ${MAX_FEATURED - count} possible${MAX_FEATURED - count > 1 ? "s" : ""}.`}
      </p>
    </div>
  );
}
