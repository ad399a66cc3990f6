import { useCallback, useEffect, useRef, useState } from "react";
import { BUCKET_RULES, UPLOAD_LIMITS, UPLOAD_MESSAGES, type Bucket } from "../../rules/uploads";

export type UploadState =
  | { status: "idle" }
  | { status: "uploading"; progress: number; fileName: string }
  | { status: "done"; url: string }
  | { status: "error"; message: string };

export type UploadResult = { url: string; name: string; type: string };

/** Sends one file to /api/upload/<bucket> with progress and cancel. Resolves to the stored object, or
 * null when the upload failed or was cancelled (the caller keeps its previous value). */
export function useUpload(bucket: Bucket) {
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const request = useRef<XMLHttpRequest | null>(null);

  useEffect(() => () => request.current?.abort(), []);

  const cancel = useCallback(() => {
    request.current?.abort();
  }, []);

  const upload = useCallback(
    (file: File, options: { onError?: (message: string) => void } = {}): Promise<UploadResult | null> => {
      const { kind } = BUCKET_RULES[bucket];
      if (file.size > UPLOAD_LIMITS[kind]) {
        const message = kind === "image" ? UPLOAD_MESSAGES.tooLargeImage : UPLOAD_MESSAGES.tooLargeVideo;
        setState({ status: "error", message });
        options.onError?.(message);
        return Promise.resolve(null);
      }
      return new Promise((resolve) => {
        const xhr = new XMLHttpRequest();
        request.current = xhr;
        const form = new FormData();
        form.append("file", file);
        setState({ status: "uploading", progress: 0, fileName: file.name });
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) {
            setState({
              status: "uploading",
              progress: Math.round((event.loaded / event.total) * 100),
              fileName: file.name,
            });
          }
        };
        const finish = (result: UploadResult | null, message?: string) => {
          request.current = null;
          setState(
            result ? { status: "done", url: result.url } : message ? { status: "error", message } : { status: "idle" },
          );
          if (!result && message) options.onError?.(message);
          resolve(result);
        };
        xhr.onload = () => {
          let body: { url?: string; name?: string; type?: string; error?: string };
          try {
            body = JSON.parse(xhr.responseText) as typeof body;
          } catch {
            body = {};
          }
          if (xhr.status === 201 && body.url) finish({ url: body.url, name: body.name!, type: body.type! });
          else finish(null, body.error ?? UPLOAD_MESSAGES.failed);
        };
        xhr.onerror = () => finish(null, UPLOAD_MESSAGES.failed);
        xhr.onabort = () => finish(null);
        xhr.open("POST", `/api/upload/${bucket}`);
        xhr.send(form);
      });
    },
    [bucket],
  );

  return { state, upload, cancel };
}
