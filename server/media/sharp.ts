// The image library, loaded the first time a picture is resized or checked: a server that only answers
// cached pages never needs it (about 20 MB of memory).
import { availableParallelism } from "node:os";
import type sharpModule from "sharp";
import { sharpThreads } from "./rules";

type Sharp = typeof sharpModule;
let loaded: Promise<Sharp> | null = null;

export function loadSharp(): Promise<Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // Resizes run side by side, each with its share of the cores; libvips's operation cache would only
    // hold sources already written to the disk cache.
    sharp.concurrency(sharpThreads(availableParallelism()));
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
