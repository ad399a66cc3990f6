// useStaffAction for /edit-products: the same toasts and field errors, with the answer's saved row.
import type { FetcherWithComponents } from "react-router";
import { useStaffAction } from "~/lib/use-staff-action";
import type { ProductActionResult } from "./schema";

export function useProductAction(
  fetcher: FetcherWithComponents<ProductActionResult>,
  onDone?: (result: ProductActionResult) => void,
) {
  // The fetcher's answer is the action's ProductActionResult: only its type was widened on the way.
  return useStaffAction(fetcher, onDone && ((result) => onDone(result as ProductActionResult)));
}
