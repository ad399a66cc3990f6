import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanBody, cleanQuery } from "./input";

describe("cleanQuery", () => {
  it("removes encoded control characters from the query only", () => {
    expect(cleanQuery("/produits?q=caf%00%C3%A9&tag=%1Fbio%7F")).toBe("/produits?q=caf%C3%A9&tag=bio");
    expect(cleanQuery("/produits?q=a%0Ab%09c")).toBe("/produits?q=abc");
    expect(cleanQuery("/produits/%00")).toBe("/produits/%00");
    expect(cleanQuery("/produits?q=%25%30%30")).toBe("/produits?q=%25%30%30");
  });
});

describe("cleanBody", () => {
  const form = "application/x-www-form-urlencoded; charset=UTF-8";

  it("removes controls from a urlencoded form but keeps line breaks and tabs", () => {
    const body = Buffer.from("nom=a%00b&message=ligne%0D%0Aligne%09fin%07&x=%C3%A9");
    expect(cleanBody(body, form).toString()).toBe("nom=ab&message=ligne%0D%0Aligne%09fin&x=%C3%A9");
  });

  it("removes raw controls from a urlencoded form, and encoded ones that removing others forms", () => {
    const body = Buffer.from("nom=Ju\u0000lie\u0001&message=a\r\nb\tc&x=%%0000é");
    expect(cleanBody(body, form).toString()).toBe("nom=Julie&message=a\r\nb\tc&x=%C3%A9");
    expect(new URLSearchParams(cleanBody(body, form).toString()).get("x")).toBe("é");
  });

  it("reads a four-byte character before an encoded one and a lone '%' as sent (no NUL from the parser)", () => {
    const body = Buffer.from("\u{69300}%0a%=x");
    expect([...new URLSearchParams(cleanBody(body, form).toString())]).toEqual([["\u{69300}\n%", "x"]]);
  });

  it("removes controls from the strings of a JSON body, at any depth", () => {
    const body = Buffer.from(JSON.stringify({ nom: "a\u0000b", steps: [{ titre: "x\u001by\nz" }], n: 3 }));
    expect(JSON.parse(cleanBody(body, "application/json").toString())).toEqual({
      nom: "ab",
      steps: [{ titre: "xy\nz" }],
      n: 3,
    });
  });

  it("leaves invalid JSON and other types as they are", () => {
    expect(cleanBody(Buffer.from("{nope"), "application/json").toString()).toBe("{nope");
    expect(cleanBody(Buffer.from("a\u0000"), "text/plain").toString()).toBe("a\u0000");
  });
});

describe("control characters, raw or encoded, never get through (property)", () => {
  const control = fc.constantFrom(
    ...[...Array(32).keys(), 0x7f].filter((c) => c !== 9 && c !== 10 && c !== 13).map((c) => String.fromCharCode(c)),
  );
  const encode = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
  const piece = fc.oneof(
    fc.string({ unit: "binary", maxLength: 8 }),
    control,
    control.map(encode),
    control.map((c) => encode(c).toUpperCase()),
    fc.constantFrom("%", "%0", "%%", "é", "\r\n", "\t"),
  );
  const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  const hasControl = (value: string) => /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);

  it("a urlencoded body: no value the action reads holds one", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { maxLength: 5 }), (pairs) => {
        const raw = Buffer.from(pairs.map(([k, v]) => `${k}=${v}`).join("&"), "utf8");
        const cleaned = cleanBody(raw, "application/x-www-form-urlencoded");
        for (const [key, value] of new URLSearchParams(cleaned.toString("utf8"))) {
          expect(hasControl(key) || hasControl(value), JSON.stringify([key, value])).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a query string: no parameter holds one, nor a line break", () => {
    fc.assert(
      fc.property(text, text, (key, value) => {
        const url = cleanQuery(`/produits?${key}=${value}`);
        for (const [k, v] of new URL(url, "http://x").searchParams) {
          // eslint-disable-next-line no-control-regex -- the point is to find control characters
          expect(/[\u0000-\u001f\u007f]/.test(k + v), JSON.stringify([k, v])).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a multipart body: no field, field name or file name holds one; a file's bytes are untouched", async () => {
    await fc.assert(
      fc.asyncProperty(text, text, text, fc.uint8Array({ maxLength: 64 }), async (name, value, fileName, bytes) => {
        const form = new FormData();
        form.append(`champ${name}`, value);
        form.append("fichier", new Blob([bytes]), `photo${fileName}.png`);
        const request = new Request("http://x/", { method: "POST", body: form });
        const type = request.headers.get("content-type")!;
        const cleaned = cleanBody(Buffer.from(await request.arrayBuffer()), type);
        const parsed = await new Request("http://x/", {
          method: "POST",
          headers: { "content-type": type },
          body: new Uint8Array(cleaned),
        }).formData();
        for (const [key, entry] of parsed) {
          expect(hasControl(key), JSON.stringify(key)).toBe(false);
          if (typeof entry === "string") expect(hasControl(entry), JSON.stringify(entry)).toBe(false);
          else {
            expect(hasControl(entry.name), JSON.stringify(entry.name)).toBe(false);
            expect(Buffer.from(await entry.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
          }
        }
        expect([...parsed.keys()]).toHaveLength(2);
      }),
      { numRuns: 300 },
    );
  });

  it("raw NUL and \\x01 in a hand-written multipart body", async () => {
    const boundary = "----limite";
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="nom\u0001"\r\n\r\nJu\u0000lie\u0001\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a\u0001%01.png"\r\n` +
        `Content-Type: image/png\r\n\r\n\u0000\u0001bytes\r\n--${boundary}--\r\n`,
      "latin1",
    );
    const type = `multipart/form-data; boundary=${boundary}`;
    const parsed = await new Request("http://x/", {
      method: "POST",
      headers: { "content-type": type },
      body: new Uint8Array(cleanBody(body, type)),
    }).formData();
    expect(parsed.get("nom")).toBe("Julie");
    const file = parsed.get("f") as File;
    expect(file.name).toBe("a.png");
    expect(Buffer.from(await file.arrayBuffer()).toString("latin1")).toBe("\u0000\u0001bytes");
  });
});
