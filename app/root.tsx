import { Suspense, useEffect } from "react";
import { preload } from "react-dom";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import faviconSvg from "../public/favicon.svg?inline";
import frauncesFont from "./fonts/fraunces-french-wght-400-600.woff2?url";
import interFont from "./fonts/inter-french-wght-400-700.woff2?url";
import { Footer } from "./components/footer";
import { InstagramButton } from "./components/instagram-button";
import { Navbar } from "./components/navbar";
import { NotFoundScreen } from "./components/not-found";
import { DeferredToaster } from "./components/ui/deferred-toaster";
import { documentData, flashMiddleware } from "./lib/document.server";
import { InlineStyles } from "./lib/inline-styles";
import { useNonce } from "./lib/nonce";
import { markAppHydrated, useStaticLinks } from "./lib/static-markup";
import { useRootData, useSignedIn } from "./lib/site-data";
import { typography } from "./lib/typography";
import { PageViewScript } from "./features/statistics/page-view";
import { useStatistics } from "./features/statistics/use-statistics";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  // In the page (a few hundred bytes): fetched as a file, it would share the phone's bandwidth with the fonts.
  { rel: "icon", href: faviconSvg, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export const middleware = [flashMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  return documentData(request, context);
}

/** Both fonts are in hand before the first paint on most connections, so the text does not reflow.
 * Preloaded through React, they come first in the page's head, before a page's urgent pictures (the
 * text of the whole first screen waits for them), and the headings' font first (a page's largest
 * text, and the larger file). */
function preloadFonts() {
  for (const href of [frauncesFont, interFont])
    preload(href, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
}

export function Layout({ children }: { children: React.ReactNode }) {
  preloadFonts();
  const nonce = useNonce();
  // Absent only when the request failed before the root loader ran (a refused mutation).
  const hasShell = Boolean(useRootData());
  const signedIn = useSignedIn();
  return (
    <html lang="fr-CA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f1115" />
        <Meta />
        <Links />
        <InlineStyles nonce={nonce} />
        {/* The page view, sent as the page is read (statistics: never for a signed-in person). */}
        {!signedIn && <PageViewScript nonce={nonce} />}
      </head>
      <body className="min-h-dvh bg-ivory">
        <a
          href="#contenu"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:rounded-full focus:bg-ink focus:px-4 focus:py-2 focus:text-ivory"
        >
          Aller au contenu
        </a>
        {hasShell && <Navbar />}
        <main id="contenu" tabIndex={-1} className="outline-none">
          {/* Boundaries only split the app's start: React hydrates the page and the footer as units of
              their own after the bar, yielding between them. Nothing here suspends. */}
          <Suspense>{children}</Suspense>
        </main>
        {hasShell && (
          <Suspense>
            <Footer />
          </Suspense>
        )}
        {hasShell && <InstagramButton />}
        <DeferredToaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const flash = useRootData()?.flash;
  // The page's controls now run their scripts (tests and the start-up measure wait for this).
  useStaticLinks();
  useStatistics();
  useEffect(() => {
    markAppHydrated();
    document.documentElement.dataset.app = "started";
  }, []);
  useEffect(() => {
    if (!flash) return;
    // In French typography, as the toasts of a form sent with JavaScript (useStaffAction).
    const title = typography(flash.title);
    const description = flash.description && typography(flash.description);
    void import("sonner").then(({ toast }) => {
      if (flash.type === "error") toast.error(title, { description });
      else toast.success(title, { description });
    });
  }, [flash]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const guarded = (error.data as { guarded?: boolean } | null | undefined)?.guarded;
    return <NotFoundScreen variant={guarded ? "guarded" : "oops"} />;
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="container-page py-32 text-center">
      <h1 className="text-4xl">Unexpected Application Error!</h1>
      <p className="mt-4 text-stone">Une erreur inattendue est survenue. Veuillez rafraîchir la page.</p>
      <a href="/" className="mt-8 inline-block font-medium text-brass-ink underline underline-offset-4">
        Retour à l'accueil
      </a>
    </section>
  );
}
