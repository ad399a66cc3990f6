// A form posted by the browser as a page navigation (no fetch: the app has not started). Node's fetch
// sets Sec-Fetch-Mode itself, so this one goes through node:http.
import { request as httpRequest } from "node:http";

export type DocumentPostAnswer = { status: number; location: string | undefined; flash: string };

/** Posts `body` to `baseUrl + path` as a signed-in browser's page navigation; returns the status, the
 * redirect's location and the one-time toast cookie (`flash=…`, empty when none). */
export async function documentPost(
  baseUrl: string,
  path: string,
  cookie: string,
  body: FormData | URLSearchParams,
): Promise<DocumentPostAnswer> {
  const encoded = new Response(body);
  const bytes = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      baseUrl + path,
      {
        method: "POST",
        headers: {
          cookie,
          origin: baseUrl,
          "sec-fetch-mode": "navigate",
          "content-type": encoded.headers.get("content-type")!,
          "content-length": bytes.length,
        },
      },
      (response) => {
        response.resume();
        const setCookie = response.headers["set-cookie"] ?? [];
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location,
          flash: (setCookie.find((c) => c.startsWith("flash=")) ?? "").split(";")[0]!,
        });
      },
    );
    request.on("error", reject);
    request.end(bytes);
  });
}
