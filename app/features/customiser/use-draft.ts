// The customiser's draft, kept in this browser per machine: restored once after hydration, then saved
// after every change.
import { useEffect, useMemo, useState, type Dispatch } from "react";
import { clearDraft, loadDraft, saveDraft } from "./persist";
import { initialState, type CustomiserAction, type CustomiserState, type MachineGrid } from "./state";

const browserStorage = () => (typeof window === "undefined" ? undefined : window.localStorage);

export function useDraft(
  machine: MachineGrid & { id: string },
  state: CustomiserState,
  dispatch: Dispatch<CustomiserAction>,
  // keep: false for a layout that is not this browser's draft (an installation's): nothing is written,
  // so the draft of the machine's next proposal stays as it was.
  { ignoreDraft = false, keep = true }: { ignoreDraft?: boolean; keep?: boolean } = {},
) {
  const [restored, setRestored] = useState<"pending" | "fresh" | "restored">("pending");

  // Restore the draft once, in the browser; from then on keep it after every change.
  useEffect(() => {
    const draft = ignoreDraft ? null : loadDraft(browserStorage(), machine.id);
    if (draft) {
      dispatch({ type: "restore", state: draft.state });
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the draft is in this browser's storage, read after hydration
      setRestored("restored");
    } else setRestored("fresh");
  }, [machine.id, dispatch, ignoreDraft]);
  const pristine = useMemo(() => JSON.stringify(initialState(machine)), [machine]);
  // The layout last sent as a proposal: it is the client's now, no longer a draft.
  const [sent, setSent] = useState<string | null>(null);
  useEffect(() => {
    if (restored === "pending" || !keep) return;
    // Nothing to keep while the layout is the machine's own starting point, or the one just sent.
    const now = JSON.stringify(state);
    if (now === pristine || now === sent) clearDraft(browserStorage(), machine.id);
    else saveDraft(browserStorage(), machine.id, state);
  }, [state, restored, machine.id, pristine, sent, keep]);

  return {
    restored: restored === "restored",
    /** Ends the draft once its layout is sent: it stays on screen, and a change to it starts a new one. */
    end: () => setSent(JSON.stringify(state)),
    /** Forgets the draft: the layout starts over from the machine's own. */
    forget: () => {
      if (keep) clearDraft(browserStorage(), machine.id);
      setRestored("fresh");
    },
  };
}
