import * as Dialog from "@radix-ui/react-dialog";
import { ArrowLeft, X } from "lucide-react";
import { cn } from "~/lib/cn";
import { onPlainClick } from "~/lib/plain-click";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";

type OfferDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eyebrow: string;
  title: string;
  /** Changes at each level; focus moves to the title when it does. */
  level: string;
  back?: { label: string; onClick: () => void };
  bodyRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
  testId: string;
  /** Rendered where it stands instead of at the end of the body: in the server's HTML, so that the
   * page opens with it (the machine view's own address), with or without JavaScript. */
  inPlace?: boolean;
  /** Above the other dialogs (the machine view, opened from the machines dialog). Focus then starts
   * on its title, which names what it shows, rather than on its first button. */
  raised?: boolean;
  /** The address that closing leads to: the close control is then a link, which works before the app
   * starts; a plain click calls onOpenChange(false) instead. */
  closeHref?: string;
};

/** Near-full-screen dialog with levels: a header (back, title, close) and a scrolling body. */
export function OfferDialog({
  open,
  onOpenChange,
  eyebrow,
  title,
  level,
  back,
  bodyRef,
  children,
  testId,
  inPlace = false,
  raised = false,
  closeHref,
}: OfferDialogProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownLevel = useRef<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!open) {
      shownLevel.current = null;
      return;
    }
    // The first level gets Radix's own initial focus; later levels move focus to their title.
    if (shownLevel.current !== null && shownLevel.current !== level) titleRef.current?.focus();
    shownLevel.current = level;
  }, [open, level]);

  const Layer = inPlace ? InPlace : Dialog.Portal;
  const closeClass =
    "inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-ink text-ivory transition-colors hover:bg-ink-3";
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Layer>
        <Dialog.Overlay
          className={cn(
            "fixed inset-0 bg-ink/70 backdrop-blur-sm transition-opacity duration-300 starting:opacity-0",
            raised ? "z-[70]" : "z-[60]",
          )}
        />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid={testId}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (raised) {
              event.preventDefault();
              titleRef.current?.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            // Opened by a plain button (no Radix trigger): focus goes back to it.
            event.preventDefault();
            opener.current?.focus();
          }}
          className={cn(
            "fixed inset-0 flex flex-col overflow-hidden bg-ivory shadow-2xl outline-none transition-[opacity,translate] duration-300 ease-[var(--ease-out-soft)] starting:translate-y-4 starting:opacity-0 sm:inset-4 sm:rounded-[1.5rem] lg:inset-8",
            raised ? "z-[71]" : "z-[61]",
          )}
        >
          <header className="flex items-center gap-3 border-b border-ink/8 bg-ivory/95 px-4 py-3 sm:gap-4 sm:px-8 sm:py-5">
            {back && (
              <button
                type="button"
                onClick={back.onClick}
                className="inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-ink/12 bg-white px-3.5 text-sm font-medium text-ink transition-colors hover:border-ink/30"
              >
                <ArrowLeft className="size-4" aria-hidden="true" />
                <span>{back.label}</span>
              </button>
            )}
            <div className="min-w-0 flex-1">
              <p className="eyebrow hidden sm:block">{eyebrow}</p>
              <Dialog.Title
                ref={titleRef}
                tabIndex={-1}
                className="line-clamp-2 text-lg leading-snug font-semibold text-balance outline-none sm:line-clamp-1 sm:text-2xl"
              >
                {title}
              </Dialog.Title>
            </div>
            {closeHref ? (
              <a
                href={closeHref}
                aria-label="Fermer"
                onClick={onPlainClick(() => onOpenChange(false))}
                className={closeClass}
              >
                <X className="size-5" aria-hidden="true" />
              </a>
            ) : (
              <Dialog.Close aria-label="Fermer" className={closeClass}>
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            )}
          </header>
          <div ref={bodyRef} className="flex-1 overflow-y-auto overscroll-contain">
            <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 sm:py-10">{children}</div>
          </div>
        </Dialog.Content>
      </Layer>
    </Dialog.Root>
  );
}

function InPlace({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

export function DialogMessage({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/60 px-6 py-16 text-center text-lg text-ink/75">
      {children}
    </p>
  );
}
