import { useEffect, useRef, useState } from "react";
import {
  COUNTER_VISIBILITY_THRESHOLD,
  HERO_COUNTERS,
  formatCount,
  isFinished,
  nextCount,
  type HeroCounter,
} from "./counter";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";

/** The two hero counters. Server-rendered at their final values; each time the block becomes at
 * least half visible they count again from 0. With reduced motion they keep their final values. */
export function HeroCounters({ labels }: { labels: readonly [string, string] }) {
  const ref = useRef<HTMLDListElement>(null);
  const reduced = usePrefersReducedMotion();
  const [run, setRun] = useState(0);

  useEffect(() => {
    const element = ref.current;
    if (!element || reduced || typeof IntersectionObserver === "undefined") return;
    // Read directly too: the state above is only known after the first effects have run.
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && entry.intersectionRatio >= COUNTER_VISIBILITY_THRESHOLD) setRun((n) => n + 1);
      },
      { threshold: COUNTER_VISIBILITY_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [reduced]);

  return (
    <dl ref={ref} data-testid="hero-counters" data-runs={run} className="grid grid-cols-2 gap-4 sm:max-w-xl sm:gap-6">
      {HERO_COUNTERS.map((counter, i) => (
        <Counter key={counter.label} counter={counter} label={labels[i] || counter.label} run={reduced ? 0 : run} />
      ))}
    </dl>
  );
}

function Counter({ counter, label, run }: { counter: HeroCounter; label: string; run: number }) {
  const [value, setValue] = useState(counter.target);

  // Each run starts the count again from 0, with its own timer.
  useEffect(() => {
    if (run === 0) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the reset belongs with the timer it stops
      setValue(counter.target);
      return;
    }
    let current = 0;
    setValue(0);
    const timer = window.setInterval(() => {
      current = nextCount(current, counter);
      setValue(current);
      if (isFinished(current, counter)) window.clearInterval(timer);
    }, counter.intervalMs);
    return () => window.clearInterval(timer);
  }, [run, counter]);

  const done = isFinished(value, counter);
  return (
    <div className="flex flex-col-reverse justify-end rounded-2xl border border-white/15 bg-ink-2/80 px-5 py-4 shadow-[0_20px_40px_-20px_rgb(0_0_0/0.6)] sm:px-6 sm:py-5">
      <dt className="mt-1 text-sm leading-snug text-ivory/75">{label}</dt>
      <dd
        className="font-display text-4xl font-semibold text-ivory tabular-nums sm:text-5xl"
        data-state={done ? "done" : "counting"}
      >
        <span aria-hidden="true" data-testid="counter-value">
          {formatCount(value, counter)}
        </span>
        <span className="sr-only">{formatCount(counter.target, counter)}</span>
      </dd>
    </div>
  );
}
