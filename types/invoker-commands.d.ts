// Invoker commands (a button opens or closes a <dialog> without script); @types/react lacks them yet.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
    commandfor?: string;
  }
}
