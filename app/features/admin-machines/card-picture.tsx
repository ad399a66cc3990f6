import { ImageIcon } from "lucide-react";
import { Img } from "~/components/img";

/** The picture at the top of a staff card (fills its box), or a picture icon when there is none. */
export function CardPicture({ src, width, height }: { src: string | null; width: number; height: number }) {
  if (!src)
    return (
      <div className="flex size-full items-center justify-center text-stone">
        <ImageIcon className="size-8" aria-hidden="true" />
        <span className="sr-only">Aucune photo</span>
      </div>
    );
  return (
    <Img
      src={src}
      alt=""
      width={width}
      height={height}
      sizes="(min-width: 1280px) 380px, (min-width: 640px) 45vw, 90vw"
      maxWidth={480}
      className="absolute inset-0 size-full object-cover"
    />
  );
}
