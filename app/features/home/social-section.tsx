import { ArrowUpRight, BriefcaseBusiness, Globe, Mail, Phone } from "lucide-react";
import { InstagramIcon } from "~/components/brand";
import { Skeleton } from "~/components/ui/skeleton";
import { telHref, type SiteConfig } from "~/rules/site";
import { useDelayPassed } from "~/lib/use-reduced-motion";

/** The social section shows a skeleton for 1 s. */
const SOCIAL_SKELETON_MS = 1000;

/** '@boreal.distributrices' from an Instagram profile address. */
function instagramHandle(url: string): string {
  const match = /instagram\.com\/([^/?#]+)/i.exec(url);
  return match ? `@${match[1]}` : "Instagram";
}

type Channel = {
  label: string;
  detail: string;
  href: string;
  Icon: React.ComponentType<{ className?: string }>;
  external: boolean;
};

function socialChannels(site: SiteConfig): Channel[] {
  const channels: Channel[] = [];
  if (site.facebookUrl)
    channels.push({ label: "Facebook", detail: "Nos nouvelles", href: site.facebookUrl, Icon: Globe, external: true });
  if (site.linkedinUrl)
    channels.push({
      label: "LinkedIn",
      detail: "Notre entreprise",
      href: site.linkedinUrl,
      Icon: BriefcaseBusiness,
      external: true,
    });
  channels.push(
    { label: "Courriel", detail: site.email, href: `mailto:${site.email}`, Icon: Mail, external: false },
    { label: "Téléphone", detail: site.phone, href: telHref(site.phone), Icon: Phone, external: false },
  );
  return channels;
}

export function SocialSection({ site }: { site: SiteConfig }) {
  const ready = useDelayPassed(SOCIAL_SKELETON_MS);
  return (
    <section aria-labelledby="social-titre" className="bg-ivory py-24 sm:py-28" data-testid="social-section">
      <div className="container-page">
        <div className="max-w-2xl">
          <p className="eyebrow">Suivez-nous</p>
          <h2 id="social-titre" className="mt-3 text-4xl font-semibold sm:text-5xl">
            Nos installations, en coulisses
          </h2>
          <p className="mt-4 text-lg text-stone">
            Nouvelles machines, nouveaux produits, nouveaux clients&nbsp;: tout se passe sur Instagram.
          </p>
        </div>
        <div className="mt-12">
          {ready ? <SocialLinks site={site} /> : <SocialSkeleton />}
          {!ready && (
            <noscript>
              <SocialLinks site={site} />
            </noscript>
          )}
        </div>
      </div>
    </section>
  );
}

function SocialSkeleton() {
  return (
    <div
      role="status"
      aria-label="Chargement des réseaux sociaux"
      className="grid grid-cols-1 gap-5 lg:grid-cols-[1.3fr_1fr]"
      data-testid="social-skeleton"
    >
      <Skeleton rounded="card" className="h-64" />
      <div className="grid gap-5">
        <Skeleton rounded="card" className="h-[7.4rem]" />
        <Skeleton rounded="card" className="h-[7.4rem]" />
      </div>
    </div>
  );
}

function SocialLinks({ site }: { site: SiteConfig }) {
  const channels = socialChannels(site);
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-[1.3fr_1fr]">
      <a
        href={site.instagramUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="group relative isolate flex h-64 min-w-0 flex-col justify-between overflow-hidden rounded-[var(--radius-card)] bg-ink p-8 text-ivory shadow-[var(--shadow-card)]"
      >
        <span
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(80%_120%_at_100%_0%,rgb(214_41_118/0.55),transparent_60%),radial-gradient(70%_100%_at_0%_100%,rgb(245_133_41/0.45),transparent_60%),radial-gradient(60%_80%_at_50%_50%,rgb(122_43_214/0.35),transparent_70%)] opacity-90 transition-opacity group-hover:opacity-100"
        />
        <span className="flex items-center justify-between">
          <InstagramIcon className="size-9" />
          <ArrowUpRight
            className="size-6 transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
            aria-hidden="true"
          />
        </span>
        <span>
          <span className="block text-sm font-medium tracking-wide text-ivory/75">Instagram</span>
          <span className="mt-1 block font-display text-2xl font-semibold [overflow-wrap:anywhere] sm:text-4xl">
            {instagramHandle(site.instagramUrl)}
          </span>
          <span className="sr-only"> (nouvel onglet)</span>
        </span>
      </a>
      <ul className="grid min-w-0 grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-1">
        {channels.map(({ label, detail, href, Icon, external }) => (
          <li key={label} className="min-w-0">
            <a
              href={href}
              {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className="group flex h-full min-h-[7.4rem] items-center gap-5 rounded-[var(--radius-card)] border border-ink/8 bg-white p-6 shadow-[var(--shadow-card)] transition-colors hover:border-brass/50"
            >
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-sand text-brass-ink">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block text-sm text-stone">{label}</span>
                <span className="block truncate text-lg font-semibold text-ink">{detail}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
