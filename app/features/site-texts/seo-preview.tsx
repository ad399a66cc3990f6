import { SeoPreview } from "~/components/seo-preview";
import { PAGE_INFO, PAGE_SEO, type SitePage, type SiteTexts } from "~/features/site-texts/site-texts";

/** How an edited page will show in a search result and as a shared link, with the values being edited. */
export function PageSeoPreview({ page, values }: { page: Exclude<SitePage, "settings">; values: SiteTexts }) {
  return (
    <SeoPreview
      path={PAGE_INFO[page].path}
      title={values.seoTitle || PAGE_SEO[page].title}
      description={values.seoDescription || PAGE_SEO[page].description}
      image={values.seoImage || null}
      imageAlt={values.seoImageAlt}
    />
  );
}
