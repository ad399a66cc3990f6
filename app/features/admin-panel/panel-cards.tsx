import {
  ArrowUpRight,
  ChartLine,
  Cog,
  FileSignature,
  FileText,
  Images,
  Inbox,
  MapPinned,
  Package,
  UserRound,
  Users,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import type { PanelCounts } from "./queries.server";
import { formatNumber } from "~/lib/format";
import { mayOpen, type StaffRole } from "~/rules/staff-roles";

type Card = { title: string; to: string | null; text: string; icon: LucideIcon; figure?: string };

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n > 1 ? many : one}`;

function panelCards(counts: PanelCounts | null): Card[] {
  return [
    // The day's business first (new requests, proposals out), then the catalogue and the pages.
    {
      title: "Demandes de contact",
      to: "/edit-demandes",
      text: "Demandes reçues par le formulaire de contact et leur suivi.",
      icon: Inbox,
      figure: counts ? requestsFigure(counts) : undefined,
    },
    {
      title: "Propositions",
      to: "/edit-propositions",
      text: "Propositions envoyées aux clients, leur état, révision et renvoi.",
      icon: FileSignature,
    },
    {
      title: "Parc installé",
      to: "/edit-installations",
      text: "Machines installées chez les clients, leur code, leur statut et leur historique.",
      icon: MapPinned,
    },
    {
      title: "Service",
      to: "/edit-service",
      text: "Problèmes et remboursements signalés aux machines, réponses et journal des remboursements.",
      icon: Wrench,
      figure: counts ? ticketsFigure(counts) : undefined,
    },
    {
      title: "Éditer les Produits",
      to: "/edit-products",
      text: "Prix, descriptions, images, catégories, tags et top 10 des ventes.",
      icon: Package,
      figure: counts ? plural(counts.products, "produit", "produits") : undefined,
    },
    {
      title: "Éditer les Machines",
      to: "/edit-machines",
      text: "Machines, étapes de fonctionnement et catégories de machines.",
      icon: Cog,
      figure: counts ? plural(counts.machines, "machine", "machines") : undefined,
    },
    {
      title: "Galerie Photos",
      to: "/edit-gallery",
      text: "Photos des réalisations, ordre d'affichage et photos en vedette sur l'accueil.",
      icon: Images,
      figure: counts ? `${plural(counts.photos, "photo", "photos")} · ${counts.featured} / 6 en vedette` : undefined,
    },
    {
      title: "Éditer les Pages",
      to: "/edit-pages",
      text: "Textes des pages, réglages du site, aperçu, publication et historique.",
      icon: FileText,
    },
    {
      title: "Statistiques",
      to: "/edit-statistiques",
      text: "Visiteurs, provenance, demandes et vitesse réelle du site, sans témoin.",
      icon: ChartLine,
    },
    {
      title: "Équipe",
      to: "/edit-equipe",
      text: "Comptes du personnel, leurs rôles et les invitations.",
      icon: Users,
    },
    {
      title: "Mon compte",
      to: "/edit-compte",
      text: "Votre mot de passe et les appareils où vous êtes connecté.",
      icon: UserRound,
    },
  ];
}

/** Tickets to handle, and how many are late. */
function ticketsFigure(counts: PanelCounts): string {
  if (counts.openTickets === 0) return "Aucun signalement à traiter";
  const open = plural(counts.openTickets, "signalement à traiter", "signalements à traiter");
  return counts.lateTickets > 0 ? `${open} · ${formatNumber(counts.lateTickets)} en retard` : open;
}

/** New requests, then what keeps emails from going out: not configured, or failed ones. */
function requestsFigure(counts: PanelCounts): string {
  const parts = [
    counts.openRequests > 0
      ? plural(counts.openRequests, "nouvelle demande", "nouvelles demandes")
      : "Aucune nouvelle demande",
  ];
  if (counts.emailConfigured === false) parts.push("courriels non configurés");
  else if (counts.failedEmails > 0) parts.push(plural(counts.failedEmails, "courriel en échec", "courriels en échec"));
  return parts.join(" · ");
}

/** The staff panel's entry cards, those the account's roles open; one without a screen yet is shown
 * disabled, marked 'Bientôt disponible'. */
export function PanelCards({ counts, roles }: { counts: PanelCounts | null; roles: readonly StaffRole[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Sections de l'administration">
      {panelCards(counts)
        .filter((card) => !card.to || mayOpen(roles, card.to))
        .map((card) => (
          <li key={card.title} className="flex">
            {card.to ? (
              <Link
                to={card.to}
                className="group relative flex w-full flex-col rounded-[var(--radius-card)] border border-ink/8 bg-white p-6 shadow-[var(--shadow-card)] transition-[transform,border-color] duration-300 ease-[var(--ease-out-soft)] hover:-translate-y-0.5 hover:border-brass/50 focus-visible:-translate-y-0.5"
              >
                <CardBody card={card} />
                <ArrowUpRight
                  className="absolute top-6 right-6 size-5 text-stone transition-transform duration-300 group-hover:translate-x-0.5 group-hover:-translate-y-0.5 group-hover:text-ink"
                  aria-hidden="true"
                />
              </Link>
            ) : (
              <div
                aria-disabled="true"
                className="relative flex w-full cursor-not-allowed flex-col rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-ivory p-6"
              >
                <CardBody card={card} muted />
                <span className="absolute top-6 right-6 rounded-full bg-sand whitespace-nowrap px-2.5 py-1 text-xs font-semibold text-ink/80">
                  Bientôt disponible
                </span>
              </div>
            )}
          </li>
        ))}
    </ul>
  );
}

function CardBody({ card, muted }: { card: Card; muted?: boolean }) {
  const Icon = card.icon;
  return (
    <>
      <span
        className={
          muted
            ? "flex size-12 items-center justify-center rounded-full bg-sand text-stone"
            : "flex size-12 items-center justify-center rounded-full bg-ink text-brass-light"
        }
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <h2 className={muted ? "mt-5 text-xl font-semibold text-ink/70" : "mt-5 text-xl font-semibold"}>{card.title}</h2>
      <p className="mt-2 text-sm leading-relaxed text-stone">{card.text}</p>
      {card.figure && <p className="mt-auto pt-5 text-sm font-medium text-brass-ink">{card.figure}</p>}
    </>
  );
}
