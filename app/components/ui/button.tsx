import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const VARIANTS = {
  primary: "bg-ink text-ivory hover:bg-ink-3 shadow-sm",
  brass: "bg-brass text-ink hover:bg-brass-light shadow-sm",
  outline: "border border-ink/15 bg-white/60 text-ink hover:border-ink/40 hover:bg-white",
  outlineOnDark: "border border-ivory/25 bg-transparent text-ivory hover:border-ivory/60 hover:bg-ivory/10",
  ghost: "text-ink hover:bg-ink/5",
  dangerGhost: "text-danger hover:bg-danger/8",
  dangerOutline: "border border-ink/15 bg-white/60 text-danger hover:border-danger/50 hover:bg-white",
  light: "bg-ivory text-ink hover:bg-white shadow-sm",
  danger: "bg-danger text-white hover:bg-danger/90",
} as const;

const SIZES = {
  sm: "h-9 px-3.5 text-sm",
  md: "h-11 px-5 text-[0.95rem]",
  lg: "h-13 px-7 text-base",
  icon: "size-10",
} as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child element (a Link, say) with the button's look. */
  asChild?: boolean;
};

export function buttonClass(variant: keyof typeof VARIANTS = "primary", size: keyof typeof SIZES = "md") {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-full font-medium whitespace-nowrap transition-colors duration-200",
    "disabled:pointer-events-none disabled:opacity-55 [&_svg]:size-[1.1em] [&_svg]:shrink-0",
    VARIANTS[variant],
    SIZES[size],
  );
}

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      className={cn(buttonClass(variant, size), className)}
      {...(asChild ? {} : { type: type ?? "button" })}
      {...props}
    />
  );
}
