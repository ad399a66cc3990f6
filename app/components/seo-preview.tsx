import { fullTitle, SHARE_IMAGE } from "~/lib/seo";
import { useSite } from "~/lib/site-data";
import { typography } from "~/lib/typography";

// Search engines cut a title past about 60 characters and a description past about 155.
export const TITLE_SHOWN = 60;
const DESCRIPTION_SHOWN = 155;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export type SeoPreviewProps = {
  /** The public page's path ('/produits/…'). */
  path: string;
  /** The title and description the page will carry: the staff's, or the derived ones. */
  title: string;
  description: string;
  /** The share picture's path; the brand's picture when none. */
  image?: string | null;
  imageAlt?: string;
};

/** How a public page will show in a search result and as a shared link, with the values being edited. */
export function SeoPreview({ path, title: pageTitle, description, image, imageAlt }: SeoPreviewProps) {
  const site = useSite();
  const title = fullTitle(pageTitle, site.name);
  const url = `${site.publicUrl}${path}`;
  const alt = imageAlt || (image ? pageTitle : SHARE_IMAGE.alt(site.name));
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2" data-testid="seo-preview">
      <figure className="min-w-0 rounded-xl border border-ink/10 bg-white p-4">
        <figcaption className="text-xs font-semibold tracking-wide text-stone uppercase">
          Résultat de recherche
        </figcaption>
        <p className="mt-3 truncate text-sm text-stone">{url}</p>
        <p className="mt-1 text-lg leading-snug text-[#1a0dab]">{typography(cut(title, TITLE_SHOWN))}</p>
        <p className="mt-1 text-sm leading-relaxed text-stone">{typography(cut(description, DESCRIPTION_SHOWN))}</p>
        {title.length > TITLE_SHOWN && (
          <p className="mt-2 text-xs text-danger">
            Titre de {title.length} caractères&nbsp;: les moteurs de recherche en montrent environ {TITLE_SHOWN}.
          </p>
        )}
        {description.length > DESCRIPTION_SHOWN && (
          <p className="mt-2 text-xs text-danger">
            Description de {description.length} caractères&nbsp;: les moteurs de recherche en montrent environ{" "}
            {DESCRIPTION_SHOWN}.
          </p>
        )}
      </figure>
      <figure className="min-w-0 overflow-hidden rounded-xl border border-ink/10 bg-white">
        <figcaption className="px-4 pt-4 text-xs font-semibold tracking-wide text-stone uppercase">
          Lien partagé
        </figcaption>
        <img
          src={image || SHARE_IMAGE.path}
          alt={alt}
          width={SHARE_IMAGE.width}
          height={SHARE_IMAGE.height}
          className="mt-3 aspect-[1200/630] w-full object-cover"
        />
        <div className="border-t border-ink/10 bg-sand/40 px-4 py-3">
          <p className="text-xs text-stone uppercase">{new URL(site.publicUrl).host}</p>
          <p className="truncate font-semibold">{typography(title)}</p>
          <p className="line-clamp-2 text-sm text-stone">{typography(description)}</p>
        </div>
      </figure>
    </div>
  );
}
