import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const ROUNDING = {
  xl: "rounded-xl",
  "2xl": "rounded-2xl",
  full: "rounded-full",
  card: "rounded-[var(--radius-card)]",
} as const;

export function Skeleton({
  className,
  rounded = "xl",
  ...props
}: ComponentProps<"div"> & { rounded?: keyof typeof ROUNDING }) {
  return <div aria-hidden="true" className={cn("animate-pulse bg-ink/8", ROUNDING[rounded], className)} {...props} />;
}
