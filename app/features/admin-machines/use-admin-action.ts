import { useEffect, useEffectEvent, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { AdminActionResult, AdminMachinesActionInput } from "./schema";

/** Sends one /edit-machines mutation as JSON (with its intent) and shows the server's toasts once it
 * has answered; `onDone` runs with the answer (success or failure). */
export function useAdminAction(onDone?: (result: AdminActionResult) => void) {
  const fetcher = useFetcher<AdminActionResult>();
  const handled = useRef<AdminActionResult | undefined>(undefined);
  const done = useEffectEvent((result: AdminActionResult) => onDone?.(result));

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    for (const t of result.toasts) {
      if (t.type === "success") toast.success(t.title, { description: t.description });
      else toast.error(t.title, { description: t.description });
    }
    done(result);
  }, [fetcher.state, fetcher.data]);

  return {
    submit: (payload: AdminMachinesActionInput) => {
      void fetcher.submit(payload, { method: "post", action: "/edit-machines", encType: "application/json" });
    },
    pending: fetcher.state !== "idle",
    result: fetcher.data,
  };
}
