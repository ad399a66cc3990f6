import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";

// Sonner's light success green is 4.3:1 on its background: the theme's success and danger read at 4.5:1 or more.
const RICH_COLORS = { "--success-text": "#1f7a4d", "--error-text": "#b42318" } as CSSProperties;

/** Spec: bottom-right, at most 3 visible, 4000 ms. Offset clears the floating Instagram button. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      offset={{ bottom: 96, right: 24 }}
      mobileOffset={{ bottom: 88 }}
      richColors
      closeButton
      toastOptions={{ className: "font-sans" }}
      style={RICH_COLORS}
    />
  );
}
