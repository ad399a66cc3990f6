import { data } from "react-router";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { NotFoundScreen } from "~/components/not-found";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: "Oups\u00a0! Page non trouvée" },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);
  return <NotFoundScreen variant="oops" />;
}
