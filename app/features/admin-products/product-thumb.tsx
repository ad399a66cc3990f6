import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { PLACEHOLDER_IMAGE } from "./schema";

/** A small square picture of a product (or the placeholder), sized from /img so lists stay light. */
export function ProductThumb({
  src,
  className,
  size = 88,
  large = false,
}: {
  src: string | null | undefined;
  className?: string;
  size?: number;
  large?: boolean;
}) {
  const image = src || PLACEHOLDER_IMAGE;
  return (
    <span className={cn("block shrink-0 overflow-hidden bg-sand/70", large ? "rounded-2xl" : "rounded-lg", className)}>
      <Img
        src={image}
        alt=""
        width={size}
        height={size}
        sizes={`${size}px`}
        maxWidth={size}
        className="size-full object-cover"
      />
    </span>
  );
}
