import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isValidObjectName } from "../storage/storage";
import {
  legacyMediaPath,
  parseBoolean,
  parseCell,
  parseInteger,
  parseList,
  parsePgArray,
  parseTimestamp,
  storedObjectName,
} from "./legacy-cells";

const value = (cell: ReturnType<typeof parseCell>) => {
  if (!cell.ok) throw new Error(cell.error);
  return cell.value;
};

describe("PostgreSQL array literals", () => {
  it("reads plain, quoted and escaped elements", () => {
    expect(parsePgArray("{a,b}")).toEqual(["a", "b"]);
    expect(parsePgArray('{"Hauteur: 183 cm","b, c"}')).toEqual(["Hauteur: 183 cm", "b, c"]);
    expect(parsePgArray('{"il a dit \\"oui\\"","back\\\\slash"}')).toEqual(['il a dit "oui"', "back\\slash"]);
    expect(parsePgArray('{"Café crème","ligne 1\nligne 2"}')).toEqual(["Café crème", "ligne 1\nligne 2"]);
    expect(parsePgArray("{ Sucré , Salé }")).toEqual(["Sucré", "Salé"]);
    expect(parsePgArray('{NULL,"NULL"}')).toEqual([null, "NULL"]);
  });

  it("reads empty arrays and empty strings", () => {
    expect(parsePgArray("{}")).toEqual([]);
    expect(parsePgArray(" {  } ")).toEqual([]);
    expect(parsePgArray('{""}')).toEqual([""]);
  });

  it("refuses what is not one", () => {
    for (const bad of ["a,b", "{a,b", '{"a}', '{a"b}', "{{a},{b}}", '{"a"b}'])
      expect(parsePgArray(bad), bad).toBeNull();
  });
});

describe("list cells", () => {
  it("take array literals or JSON arrays", () => {
    expect(value(parseCell("text[]", '{"a, b",c}'))).toEqual(["a, b", "c"]);
    expect(value(parseCell("text[]", '["a, b","c \\"d\\""]'))).toEqual(["a, b", 'c "d"']);
    expect(value(parseCell("text[]", "[]"))).toEqual([]);
    expect(value(parseCell("text[]", "{}"))).toEqual([]);
  });

  it("check ids in id lists and refuse NULL elements", () => {
    const id = "3F2504E0-4F89-11D3-9A0C-0305E82C3301";
    expect(value(parseCell("uuid[]", `{${id}}`))).toEqual([id.toLowerCase()]);
    expect(parseList("{abc}", "uuid")).toMatchObject({ ok: false, error: 'not an id: "abc"' });
    expect(parseList("{a,NULL}", "text").ok).toBe(false);
    expect(parseList("plain text", "text").ok).toBe(false);
    expect(parseList('["a",{"b":1}]', "text").ok).toBe(false);
    expect(parseList("[oops", "text").ok).toBe(false);
  });
});

describe("scalar cells", () => {
  it("booleans are true or false", () => {
    expect(value(parseBoolean("true"))).toBe(true);
    expect(value(parseBoolean("FALSE"))).toBe(false);
    expect(value(parseBoolean("t"))).toBe(true);
    expect(parseBoolean("oui").ok).toBe(false);
  });

  it("numbers", () => {
    expect(value(parseInteger("42"))).toBe(42);
    expect(parseInteger("4.2").ok).toBe(false);
    expect(parseInteger("99999999999").ok).toBe(false);
    expect(value(parseCell("numeric", "3.50"))).toBe(3.5);
    expect(value(parseCell("real", "-12.25"))).toBe(-12.25);
    expect(parseCell("numeric", "3,50").ok).toBe(false);
  });

  it("timestamps must carry an offset", () => {
    for (const good of [
      "2024-03-05 14:07:09.123456+00",
      "2024-03-05T14:07:09Z",
      "2024-03-05T14:07:09-04:00",
      "2024-03-05 14:07+0530",
    ]) {
      expect(value(parseTimestamp(good)), good).toBe(good);
    }
    for (const bad of ["2024-03-05 14:07:09", "2024-02-30T10:00:00Z", "hier", "2024-03-05"]) {
      expect(parseTimestamp(bad).ok, bad).toBe(false);
    }
  });

  it("JSON, ids and text", () => {
    expect(value(parseCell("json", '[{"rows":6,"cols":6}]'))).toEqual([{ rows: 6, cols: 6 }]);
    expect(parseCell("json", "[{rows:6}]").ok).toBe(false);
    expect(value(parseCell("uuid", " 3F2504E0-4F89-11D3-9A0C-0305E82C3301 "))).toBe(
      "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
    );
    expect(parseCell("uuid", "12").ok).toBe(false);
    expect(value(parseCell("text", ' « Ça, c\'est "bon" »\n'))).toBe(' « Ça, c\'est "bon" »\n');
  });
});

describe("old media URLs", () => {
  it("give the bucket and the object path", () => {
    expect(legacyMediaPath("https://abc.supabase.co/storage/v1/object/public/product-images/product-1.jpg")).toEqual({
      bucket: "product-images",
      name: "product-1.jpg",
    });
    expect(
      legacyMediaPath("https://x.co/storage/v1/object/public/gallery-images/dossier/photo%20%C3%A9t%C3%A9.png?t=1"),
    ).toEqual({
      bucket: "gallery-images",
      name: "dossier/photo été.png",
    });
    expect(legacyMediaPath("/placeholder.svg")).toBeNull();
    expect(legacyMediaPath("/media/product-images/a.webp")).toBeNull();
  });

  it("keep a valid name and turn any other into a valid, distinct one", () => {
    const hash = (text: string) => createHash("sha256").update(text).digest("hex");
    expect(storedObjectName("product-1.jpg", isValidObjectName, hash)).toBe("product-1.jpg");
    const a = storedObjectName("dossier/photo été.PNG", isValidObjectName, hash);
    expect(isValidObjectName(a)).toBe(true);
    expect(a).toMatch(/^dossier-photo-ete-[0-9a-f]{8}\.png$/);
    expect(storedObjectName("dossier/photo ete.PNG", isValidObjectName, hash)).not.toBe(a);
  });
});
