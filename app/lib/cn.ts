import { clsx, type ClassValue } from "clsx";

/** Joins class names. Components never pass two utilities for the same property and rely on the
 * later one winning (variants choose between them), so no class-merging library runs in the browser:
 * its setup and per-string work used to fall during hydration. */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
