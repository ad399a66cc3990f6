import { useCallback, useState } from "react";

/** The text of a polite live region: what a screen reader says after a change. */
export function useAnnouncer() {
  const [announcement, setAnnouncement] = useState("");
  const announce = useCallback((message: string) => {
    // A change of text is what screen readers announce; the same message twice must be heard twice.
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));
  }, []);
  return { announcement, announce };
}
