// Media: serving stored objects (/media) and resized pictures (/img), removing objects with their
// resized copies, and sweeping uploads no record kept.
export { imageRouter, mediaRouter } from "./serve";
export { deleteStoredObject, releaseMedia } from "./remove";
export { startMediaSweep, sweepUnreferencedMedia } from "./sweep";
