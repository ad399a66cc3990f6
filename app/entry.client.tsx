import { setNonce } from "get-nonce";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// Style elements that dialogs add at run time (scroll locking) need the page's CSP nonce, which the
// browser exposes on our script elements.
setNonce(document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
