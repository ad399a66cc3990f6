import { lazy, Suspense, useState, type ComponentProps } from "react";

// The lightbox (and the dialog library under it) loads only when a visitor reaches for a photo:
// hovering, focusing or touching a tile starts the download, opening waits for it.
const loadLightbox = () => import("./lightbox");
const Lightbox = lazy(() => loadLightbox().then((m) => ({ default: m.Lightbox })));

function preloadLightbox() {
  void loadLightbox();
}

/** Props that start loading the lightbox as soon as a tile is about to be used. */
export const preloadProps = {
  onPointerEnter: preloadLightbox,
  onFocus: preloadLightbox,
  onTouchStart: preloadLightbox,
};

export function LazyLightbox(props: ComponentProps<typeof Lightbox>) {
  const [used, setUsed] = useState(false);
  if (props.index !== null && !used) setUsed(true);
  if (!used && props.index === null) return null;
  return (
    <Suspense fallback={null}>
      <Lightbox {...props} />
    </Suspense>
  );
}
