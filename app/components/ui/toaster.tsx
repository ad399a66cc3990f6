import { Toaster as Sonner } from "sonner";

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
    />
  );
}
