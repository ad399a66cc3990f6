import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  CONTACT_RETENTION_YEARS,
  EMAIL_RETENTION_DAYS,
  TICKET_CONTACT_RETENTION_YEARS,
  PROPOSAL_RETENTION_YEARS,
  retentionPeriodText,
} from "~/features/contact-requests/retention";
import { pageMeta } from "~/lib/seo";
import { telHref } from "~/rules/site";
import { useSite } from "~/lib/site-data";
import { pageTexts } from "~/features/site-texts/page-texts.server";
import { getServices } from "~/lib/loader-context.server";
import { privacyOfficerOf } from "~/features/site-texts/site-texts";
import type { Route } from "./+types/politique-de-confidentialite";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Politique de confidentialité",
    description:
      "Quels renseignements personnels nous recueillons (formulaire de contact, installations, signalements à nos machines), pourquoi, où et combien de temps ils sont conservés, et comment exercer vos droits (Loi 25).",
    path: "/politique-de-confidentialite",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    officer: privacyOfficerOf(await pageTexts(request, context, "settings")),
    // Requests go on to the team's follow-up tool only where one is connected.
    forwarded: Boolean(getServices(context).config.contactWebhookUrl),
  };
}

const UPDATED = "4 décembre 2026";

export default function PolitiqueDeConfidentialitePage({ loaderData: { officer, forwarded } }: Route.ComponentProps) {
  const site = useSite();
  return (
    <div className="bg-ivory">
      <header className="container-page pt-16 pb-10 sm:pt-24">
        <p className="eyebrow">Loi 25</p>
        <h1 className="mt-3 text-5xl leading-[1.02] font-semibold sm:text-6xl">Politique de confidentialité</h1>
        <p className="mt-5 max-w-2xl text-lg text-stone">
          {site.name} respecte la <em>Loi sur la protection des renseignements personnels dans le secteur privé</em> du
          Québec. Voici, en clair, ce que nous faisons des renseignements que vous nous confiez.
        </p>
        <p className="mt-3 text-sm text-stone">Dernière mise à jour&nbsp;: {UPDATED}</p>
      </header>

      <div className="container-page grid gap-12 pb-24 sm:pb-32 lg:grid-cols-[16rem_1fr] lg:gap-16">
        <nav aria-label="Sommaire" className="hidden lg:block">
          <ol className="sticky top-28 space-y-2.5 border-l border-ink/10 pl-5 text-sm text-stone">
            {SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`} className="hover:text-ink">
                  {title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-3xl space-y-14 text-[1.0625rem] leading-relaxed text-ink/85">
          <OfficerSection officer={officer} />
          <CollectedSection />
          <PurposesSection />
          <RetentionSection forwarded={forwarded} />
          <RightsSection />
          <AudienceSection />
          <CookiesSection />
          <ChangesSection officer={officer} />
        </div>
      </div>
    </div>
  );
}

type Officer = ReturnType<typeof privacyOfficerOf>;

/** Who answers for personal information, and how to reach them. */
function OfficerSection({ officer }: { officer: Officer }) {
  const site = useSite();
  return (
    <Section id="responsable" title="Personne responsable">
      <p>
        La personne responsable de la protection des renseignements personnels chez {site.name} veille à l'application
        de cette politique et répond à toute question ou demande à ce sujet&nbsp;:
      </p>
      <address className="mt-5 rounded-[var(--radius-card)] bg-white p-6 not-italic shadow-[var(--shadow-card)] ring-1 ring-ink/5">
        <p className="font-semibold text-ink">{officer.name}</p>
        <p className="text-stone">{officer.title}</p>
        <p className="mt-3">
          Courriel&nbsp;:{" "}
          <a href={`mailto:${officer.email}`} className="font-medium text-brass-ink underline underline-offset-4">
            {officer.email}
          </a>
        </p>
        <p>
          Téléphone&nbsp;:{" "}
          <a href={telHref(officer.phone)} className="font-medium text-brass-ink underline underline-offset-4">
            {officer.phone}
          </a>
        </p>
      </address>
    </Section>
  );
}

function CollectedSection() {
  return (
    <Section id="renseignements" title="Renseignements recueillis">
      <p>
        Nous recueillons des renseignements personnels lorsque vous remplissez notre{" "}
        <Link to="/contact" className="font-medium text-brass-ink underline underline-offset-4">
          formulaire de contact
        </Link>
        &nbsp;:
      </p>
      <ul className="mt-4 list-disc space-y-1.5 pl-6">
        <li>votre nom complet et votre adresse courriel&nbsp;;</li>
        <li>la description de votre demande&nbsp;;</li>
        <li>
          si vous les indiquez&nbsp;: le type d'emplacement, la région (Québec ou Lévis) et le délai d'installation
          souhaité&nbsp;;
        </li>
        <li>votre numéro de téléphone, seulement si vous préférez être joint par téléphone.</li>
      </ul>
      <p className="mt-4">
        Lorsque vous acceptez une proposition et que nous installons une machine chez vous&nbsp;: le nom de votre
        entreprise, l'adresse de l'installation, et le nom, le courriel et le téléphone de la personne-ressource.
      </p>
      <p className="mt-4">
        Lorsque vous signalez un problème ou demandez un remboursement à l'une de nos machines (la page qu'ouvre son
        code QR)&nbsp;: ce qui s'est passé et, si vous les indiquez, le produit, le moment, une photo et le courriel ou
        le numéro de téléphone où vous souhaitez une réponse. Pour un remboursement, le montant, la façon dont vous avez
        payé, celle dont vous souhaitez être remboursé et votre courriel, nécessaire pour vous répondre. Suggérer un
        produit ne demande aucun renseignement personnel.
      </p>
      <p className="mt-4">
        Pour bloquer les envois abusifs et ne compter qu'un vote par personne et par jour, nous conservons aussi une
        empreinte chiffrée (non réversible) de l'adresse IP d'où la demande, le signalement ou le vote est envoyé. Pour
        n'envoyer qu'un accusé de réception par jour à une même adresse courriel, nous en gardons une empreinte chiffrée
        pendant {"24\u00a0heures"}, puis l'effaçons. Nous ne recueillons aucun autre renseignement à votre sujet.
      </p>
    </Section>
  );
}

function PurposesSection() {
  return (
    <Section id="fins" title="Pourquoi nous les recueillons">
      <ul className="list-disc space-y-1.5 pl-6">
        <li>
          répondre à votre demande et vous recontacter, par courriel ou par téléphone selon votre préférence&nbsp;;
        </li>
        <li>préparer une proposition adaptée à votre emplacement&nbsp;;</li>
        <li>planifier l'installation de votre machine et vous en confirmer la date&nbsp;;</li>
        <li>
          traiter un signalement fait à une machine&nbsp;: vous répondre si vous l'avez demandé, vous rembourser
          (virement Interac au courriel donné ou en main propre à notre prochaine visite) et corriger le problème&nbsp;;
        </li>
        <li>
          envoyer chaque mois à la personne-ressource d'une machine installée le rapport de cette machine, tant qu'elle
          ne s'en désabonne pas&nbsp;;
        </li>
        <li>protéger nos formulaires contre le pourriel et les abus.</li>
      </ul>
      <p className="mt-4">
        Nous ne les utilisons à aucune autre fin, nous ne les vendons pas et nous ne les communiquons à aucune
        entreprise à des fins de publicité. En envoyant un formulaire, vous consentez à ces usages.
      </p>
    </Section>
  );
}

/** Where the information is kept and for how long: the periods are the purge's own constants. */
function RetentionSection({ forwarded }: { forwarded: boolean }) {
  return (
    <Section id="conservation" title="Où et combien de temps">
      <p>
        {forwarded
          ? "Vos renseignements sont enregistrés dans notre base de données, puis transmis à l'outil interne avec lequel notre équipe traite les demandes."
          : "Vos renseignements sont enregistrés dans notre base de données, où notre équipe traite les demandes."}{" "}
        L'accès est réservé aux membres de notre équipe qui en ont besoin pour vous répondre, et les échanges avec ce
        site sont chiffrés.
      </p>
      <p className="mt-4">
        Dès réception, votre demande est aussi envoyée <strong>par courriel aux membres de notre équipe</strong>{" "}
        {
          "chargés des demandes, et une confirmation vous est envoyée à l'adresse que vous avez donnée. Ces courriels, comme nos réponses, passent par le serveur de courriel de notre entreprise. Une demande que nos filtres anti-pourriel retiennent n'est envoyée à personne tant qu'un membre de l'équipe ne l'a pas vérifiée."
        }
      </p>
      {/* The monthly report (app/features/monthly-report): its opt-out is one click. */}
      <p className="mt-4">
        {
          "Lorsqu'une de nos machines est installée chez vous, la personne-ressource que vous nous avez indiquée reçoit chaque mois un rapport par courriel sur cette machine (problèmes signalés, délais de réponse, remboursements, produits demandés et changements apportés). Un lien dans chaque rapport permet de ne plus le recevoir, en un clic."
        }
      </p>
      {/* The period comes from the constant the server's purge uses (app/features/contact-requests/retention-job.server.ts). */}
      <p className="mt-4">
        {`Nous les conservons le temps de traiter votre demande et d'assurer le suivi de notre relation, au plus ${retentionPeriodText(CONTACT_RETENTION_YEARS)} après notre dernier échange, puis nous les détruisons de façon sécuritaire, avec les notes de notre équipe et les courriels échangés à son sujet. Si vous demandez la suppression de vos renseignements, nous effaçons votre demande et tout ce qui s'y rattache sans attendre.`}
      </p>
      {/* The periods of the proposals and the emails: the same constants as the purge. */}
      <p className="mt-4">
        {"Les propositions, les signalements et les courriels suivent leurs propres délais\u00a0:"}
      </p>
      <ul className="mt-4 list-disc space-y-1.5 pl-6">
        <li>
          {`une proposition que nous vous avons envoyée est supprimée, avec chacune de ses versions, ${retentionPeriodText(PROPOSAL_RETENTION_YEARS)} après sa dernière modification (envoi, consultation, acceptation ou demande de modifications)\u00a0; son lien indique alors qu'elle n'est plus disponible\u00a0;`}
        </li>
        <li>
          {`un signalement fait à l'une de nos machines (un problème ou une demande de remboursement) garde l'adresse courriel ou le numéro que vous avez laissé pour une réponse, et la photo que vous y avez jointe, au plus ${retentionPeriodText(TICKET_CONTACT_RETENTION_YEARS)} après sa réception, puis ces coordonnées et la photo sont effacées. La photo n'est visible que par notre équipe, et nous n'en gardons que l'image\u00a0: ni sa localisation ni les autres renseignements que votre appareil y inscrit\u00a0;`}
        </li>
        <li>
          {`les courriels que le site envoie (confirmations, réponses, propositions) sont supprimés ${EMAIL_RETENTION_DAYS}\u00a0jours après leur envoi, ou après la dernière tentative lorsqu'ils n'ont pu partir.`}
        </li>
      </ul>
      <p className="mt-4">
        Une demande de suppression s'applique aussi à vos propositions, à vos signalements (avec leur photo) et à ces
        courriels, sans attendre ces délais.
      </p>
    </Section>
  );
}

function RightsSection() {
  return (
    <Section id="droits" title="Vos droits">
      <p>Vous pouvez en tout temps, gratuitement&nbsp;:</p>
      <ul className="mt-4 list-disc space-y-1.5 pl-6">
        <li>
          <strong>accéder</strong> aux renseignements que nous détenons à votre sujet&nbsp;;
        </li>
        <li>
          les faire <strong>rectifier</strong> s'ils sont inexacts, incomplets ou équivoques&nbsp;;
        </li>
        <li>
          <strong>retirer votre consentement</strong> et demander leur suppression&nbsp;;
        </li>
        <li>recevoir vos renseignements dans un format technologique structuré et couramment utilisé.</li>
      </ul>
      <p className="mt-4">
        Écrivez à la personne responsable nommée plus haut&nbsp;: nous répondons dans un délai de 30&nbsp;jours. Si vous
        n'êtes pas satisfait de notre réponse, vous pouvez vous adresser à la Commission d'accès à l'information du
        Québec.
      </p>
    </Section>
  );
}

function AudienceSection() {
  return (
    <Section id="frequentation" title="Mesure de la fréquentation">
      <p>
        Pour savoir combien de personnes visitent le site, d'où elles viennent, quelles pages mènent à une demande et à
        quelle vitesse les pages s'affichent chez elles, nous comptons nous-mêmes les visites,{" "}
        <strong>sans témoin (cookie)</strong>, sans identifiant enregistré dans votre navigateur et sans aucun service
        tiers.
      </p>
      <p className="mt-4">Pour chaque page consultée, nous conservons&nbsp;:</p>
      <ul className="mt-3 list-disc space-y-1.5 pl-6">
        <li>l'adresse de la page&nbsp;;</li>
        <li>le nom du site qui vous y a mené (jamais l'adresse complète de la page d'origine)&nbsp;;</li>
        <li>les paramètres de campagne de l'adresse (utm_source, utm_medium, utm_campaign)&nbsp;;</li>
        <li>le type d'appareil (téléphone, tablette ou ordinateur) et la famille de navigateur&nbsp;;</li>
        <li>des mesures de vitesse d'affichage.</li>
      </ul>
      <p className="mt-4">
        Nous comptons aussi les demandes envoyées et les touches sur le numéro de téléphone ou le bouton Instagram.
      </p>
      <p className="mt-4">
        Votre adresse IP et l'identification complète de votre navigateur ne sont jamais enregistrées&nbsp;: pour
        compter une personne une seule fois par jour, nous en calculons une empreinte avec une clé secrète qui change
        chaque jour et qui est détruite le lendemain, de sorte qu'il devient impossible de vous reconnaître d'un jour à
        l'autre.
      </p>
      <p className="mt-4">
        Les données détaillées sont effacées après 30&nbsp;jours&nbsp;; seuls des totaux quotidiens sont conservés,
        pendant 25&nbsp;mois. Si votre navigateur envoie le signal «&nbsp;Do Not Track&nbsp;» ou «&nbsp;Global Privacy
        Control&nbsp;», rien n'est mesuré.
      </p>
    </Section>
  );
}

function CookiesSection() {
  return (
    <Section id="temoins" title="Témoins et traceurs">
      <p>
        Ce site n'utilise <strong>aucun traceur</strong>&nbsp;: pas d'outil de mesure d'audience d'un tiers, pas de
        publicité, pas de pixel de réseau social. Les polices de caractères et les images sont servies par notre propre
        site, sans appel à des services tiers.
      </p>
      <p className="mt-4">
        Seuls deux témoins strictement nécessaires peuvent être déposés&nbsp;: un témoin de session pour la connexion de
        notre personnel, et un témoin temporaire qui affiche un message de confirmation après une action. Ils ne servent
        jamais à vous suivre.
      </p>
    </Section>
  );
}

function ChangesSection({ officer }: { officer: Officer }) {
  return (
    <Section id="modifications" title="Modifications">
      <p>
        Nous pouvons mettre cette politique à jour&nbsp;; la date de la dernière mise à jour figure en haut de la page.
        Pour toute question, écrivez-nous à{" "}
        <a href={`mailto:${officer.email}`} className="font-medium text-brass-ink underline underline-offset-4">
          {officer.email}
        </a>
        .
      </p>
    </Section>
  );
}

const SECTIONS = [
  ["responsable", "Personne responsable"],
  ["renseignements", "Renseignements recueillis"],
  ["fins", "Pourquoi nous les recueillons"],
  ["conservation", "Où et combien de temps"],
  ["droits", "Vos droits"],
  ["frequentation", "Mesure de la fréquentation"],
  ["temoins", "Témoins et traceurs"],
  ["modifications", "Modifications"],
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-titre`} className="scroll-mt-24">
      <h2 id={`${id}-titre`} className="mb-4 text-3xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
