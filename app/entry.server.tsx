// React Router renders every document here; the page pipeline does the work (server/pages/README.md).
import { renderPage, streamTimeout } from "../server/pages/render";

export { streamTimeout };
export default renderPage;
