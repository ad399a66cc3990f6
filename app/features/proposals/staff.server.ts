// Server facts the staff's proposal list shows.
export { emailConfigured } from "../../../server/outbox/wake";
