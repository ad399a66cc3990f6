// The one unsaved-changes guard of the staff forms. While a form holds changes, leaving it asks first,
// in the site's own dialog: a link or the back button (another page, or the same page with another
// query, such as a tab or the form's own ?machine=), and the form's own ways out (its 'Annuler', picking
// another item) through `confirm`. Closing or reloading the tab gets the browser's own warning
// (beforeunload: browsers show only their own text there).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "~/components/ui/dialog";

export type UnsavedChanges = {
  /** Runs `leave` now when nothing is unsaved, else once the user confirms in the dialog. */
  confirm: (leave: () => void) => void;
  /** The changes are saved (or deliberately dropped): the next navigation goes through unasked. */
  allowLeaving: () => void;
  /** The confirmation dialog: render it once, anywhere in the form's tree. */
  dialog: ReactNode;
};

export function useUnsavedChanges({ dirty, description }: { dirty: boolean; description: string }): UnsavedChanges {
  const leaving = useRef(false);
  const [pending, setPending] = useState<{ leave: () => void } | null>(null);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    // Once nothing is unsaved any more, the next changes are guarded again.
    if (!dirty) leaving.current = false;
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  function confirm(leave: () => void) {
    if (!dirty || leaving.current) leave();
    else setPending({ leave });
  }

  function allowLeaving() {
    leaving.current = true;
  }

  const blocked = blocker.state === "blocked";
  const dialog = (
    <ConfirmDialog
      open={pending !== null || blocked}
      onOpenChange={(open) => {
        if (open) return;
        setPending(null);
        if (blocker.state === "blocked") blocker.reset();
      }}
      title="Quitter sans enregistrer ?"
      description={description}
      confirmLabel="Quitter sans enregistrer"
      onConfirm={() => {
        leaving.current = true;
        setPending(null);
        if (blocker.state === "blocked") blocker.proceed();
        else pending?.leave();
      }}
    />
  );

  return { confirm, allowLeaving, dialog };
}
