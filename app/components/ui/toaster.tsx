import { Toaster as Sonner } from "sonner";

/** Toasts sit bottom-right, at most 3 visible, each for 4000 ms. Offset clears the floating Instagram button. */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      offset={{ bottom: 96, right: 24 }}
      mobileOffset={{ bottom: 88 }}
      closeButton
      toastOptions={{
        closeButtonAriaLabel: "Fermer le message",
        // Dark text on white keeps every toast readable (contrast AA); the icon carries the colour.
        classNames: {
          toast: "font-sans border-ink/10 shadow-lg",
          title: "text-ink font-semibold",
          description: "!text-ink/80",
          error: "border-l-4 !border-l-danger [&_[data-icon]]:text-danger",
          success: "border-l-4 !border-l-success [&_[data-icon]]:text-success",
        },
      }}
    />
  );
}
