// Media: serving stored objects (/media) and resized pictures (/img), and sweeping uploads no record
// kept (remove.ts removes an object with its resized copies).
export { imageRouter, mediaRouter } from "./serve";
export { startMediaSweep } from "./sweep";
