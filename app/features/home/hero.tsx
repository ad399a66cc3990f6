import { ArrowRight, Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { HeroCounters } from "./hero-counters";
import { MachineIllustration } from "./machine-illustration";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import type { SiteTexts } from "~/features/site-texts/site-texts";

/** Full-screen opening of the home page: the message, the two ways in, the counters; the newest
 * homepage video plays behind it (muted, looping) over the brand gradient, which shows alone when
 * there is no video. The staff's picture, when they chose one, stands beside the message (under it on
 * a phone); without one, the drawn machine does on wide screens when no video plays. */
export function Hero({
  videoUrl,
  texts,
}: {
  videoUrl: string | null;
  /** The home page's edited texts. */
  texts: SiteTexts;
}) {
  const picture = texts.heroImage || null;
  return (
    <section
      aria-labelledby="hero-titre"
      className="relative isolate flex min-h-[calc(100svh-4rem)] overflow-hidden bg-ink text-ivory"
      data-testid="hero"
    >
      <HeroBackground videoUrl={videoUrl} />
      <div className="container-page grid gap-10 pt-16 pb-10 sm:pt-20 sm:pb-12 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] lg:items-center lg:gap-6">
        <div className="flex flex-col">
          <p className="flex items-center gap-3 text-xs font-semibold tracking-[0.22em] text-brass-light uppercase">
            <span className="h-px w-10 bg-brass-light/70" aria-hidden="true" />
            {texts.heroEyebrow}
          </p>
          <h1
            id="hero-titre"
            className="mt-5 max-w-4xl text-[clamp(2.9rem,7vw,5.5rem)] leading-[0.96] font-medium tracking-[-0.03em]"
          >
            {`${texts.heroTitle} `}
            <span className="block text-brass-light">{texts.heroTitleAccent}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ivory/80">{texts.heroText}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/notre-offre" className={cn(buttonClass("brass", "lg"), "group")}>
              {texts.heroPrimaryButton}
              <ArrowRight className="transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
            </Link>
            <Link to="/contact" className={buttonClass("outlineOnDark", "lg")}>
              {texts.heroSecondaryButton}
            </Link>
          </div>
        </div>
        <div className="relative lg:min-h-[34rem] lg:self-stretch">
          {picture ? (
            <Img
              src={picture}
              alt={texts.heroImageAlt ?? ""}
              width={1200}
              height={1500}
              sizes="(min-width: 1024px) 40vw, calc(100vw - 2.5rem)"
              maxWidth={720}
              priority
              data-testid="hero-picture"
              className="mb-8 aspect-[4/3] w-full rounded-[1.75rem] object-cover shadow-[0_30px_80px_-30px_rgb(0_0_0/0.7)] ring-1 ring-ivory/15 sm:aspect-[16/10] lg:absolute lg:inset-y-0 lg:right-0 lg:mb-0 lg:aspect-auto lg:h-full lg:w-[88%]"
            />
          ) : (
            !videoUrl && (
              <MachineIllustration className="absolute top-1/2 right-0 hidden h-[min(100%,34rem)] w-auto -translate-y-1/2 lg:block" />
            )
          )}
          <div
            className={cn(
              "lg:absolute lg:bottom-4 lg:left-0 lg:w-[min(100%,25rem)]",
              picture &&
                "lg:bottom-8 lg:rounded-2xl lg:bg-ink/75 lg:p-5 lg:ring-1 lg:ring-ivory/10 lg:backdrop-blur-md",
            )}
          >
            <HeroCounters labels={[texts.clientsCounterLabel ?? "", texts.serviceCounterLabel ?? ""]} />
          </div>
        </div>
      </div>
    </section>
  );
}

function HeroBackground({ videoUrl }: { videoUrl: string | null }) {
  const video = useRef<HTMLVideoElement>(null);
  const reduced = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(false);
  const [paused, setPaused] = useState(false);

  // The video starts once the page has loaded, so it never competes with the text for the first paint.
  useEffect(() => {
    const element = video.current;
    if (!videoUrl || !element) return;
    const start = () => {
      element.muted = true;
      if (!element.getAttribute("src")) element.src = videoUrl;
      if (reduced) {
        element.pause();
        setPaused(true);
      } else {
        element.play().catch(() => {});
      }
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, [videoUrl, reduced]);

  function toggle() {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      element.play().catch(() => {});
      setPaused(false);
    } else {
      element.pause();
      setPaused(true);
    }
  }

  return (
    <>
      <div
        aria-hidden="true"
        data-testid="hero-gradient"
        className="absolute inset-0 -z-20 bg-[radial-gradient(120%_80%_at_85%_0%,rgb(184_137_59/0.38),transparent_55%),radial-gradient(90%_70%_at_0%_100%,rgb(227_197_139/0.14),transparent_60%),linear-gradient(160deg,#0f1115_0%,#1b1e24_50%,#2a2e36_100%)]"
      >
        <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(248_245_239/0.045)_1px,transparent_1px)] bg-[size:8rem_100%]" />
      </div>
      {videoUrl && (
        <>
          <video
            ref={video}
            data-src={videoUrl}
            muted
            autoPlay
            loop
            playsInline
            preload="none"
            aria-hidden="true"
            tabIndex={-1}
            data-testid="hero-video"
            onPlaying={() => setPlaying(true)}
            className={cn(
              "absolute inset-0 -z-10 size-full object-cover transition-opacity duration-1000",
              playing ? "opacity-100" : "opacity-0",
            )}
          />
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-gradient-to-t from-ink/90 via-ink/55 to-ink/35"
          />
          <button
            type="button"
            onClick={toggle}
            aria-label={paused ? "Lire la vidéo d'arrière-plan" : "Mettre la vidéo d'arrière-plan en pause"}
            className="absolute top-5 right-5 inline-flex size-10 items-center justify-center rounded-full bg-ink/40 text-ivory/85 ring-1 ring-ivory/20 backdrop-blur-sm hover:bg-ink/60 hover:text-ivory"
          >
            {paused ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
          </button>
        </>
      )}
    </>
  );
}
