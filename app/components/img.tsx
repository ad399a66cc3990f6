import type { ComponentProps } from "react";
import { imageSrcSet, resizedImageUrl } from "~/rules/images";

type ImgProps = Omit<ComponentProps<"img">, "src" | "width" | "height" | "alt"> & {
  src: string;
  alt: string;
  /** Intrinsic size (or aspect) so the browser reserves the space: no layout shift. */
  width: number;
  height: number;
  /** Displayed width hint, e.g. '(min-width: 1024px) 33vw, 100vw'. */
  sizes: string;
  /** Largest rendered width in CSS pixels at 1x; srcset stops just above it. */
  maxWidth?: number;
  /** The page's largest image above the fold: loaded first, never lazily. */
  priority?: boolean;
};

/** A stored image in responsive sizes (AVIF/WebP from /img), lazy unless it is the priority image. */
export function Img({ src, alt, width, height, sizes, maxWidth = 1280, priority, ...props }: ImgProps) {
  const srcSet = imageSrcSet(src, maxWidth);
  const fallback = srcSet ? resizedImageUrl(src, 800)! : src;
  return (
    <img
      src={fallback}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      {...props}
    />
  );
}
