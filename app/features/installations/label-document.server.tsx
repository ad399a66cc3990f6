// A machine's label as a PDF to print and stick on it: the QR code of its public page (/m/BD-…), its
// code in large letters, the invitation « Un problème ? Une envie ? Scannez-moi. » and the phone
// number, in the brand's typefaces and colours (the proposal's: ../proposals/pdf-brand.server.ts). One
// label per A6 page, or four per letter page with cut lines between them.
//
// This module runs in the PDF worker thread (../proposals/pdf-worker.ts): it gets plain labels whose
// texts are already set (the phone with its no-break spaces) and makes each distinct address's QR code
// once, drawn as vectors.
import { Document, Page, Path, Svg, Text, View } from "@react-pdf/renderer";
import QRCode from "qrcode";
import { typography } from "~/lib/typography";
import { PDF_COLOURS as C, renderBrandPdf } from "../proposals/pdf-brand.server";

/** One machine's label: its code (BD-7K3Q), its public page's absolute address and the phone to call. */
export type Label = { code: string; url: string; phone: string };
/** 'a6': one label per A6 page; 'lettre': four per letter page (2 × 2), with cut lines. */
export type LabelFormat = "a6" | "lettre";
export type LabelSheet = { format: LabelFormat; brand: string; labels: Label[] };

/** Page sizes in points. */
const A6 = { width: 297.64, height: 419.53 };
const LETTER = { width: 612, height: 792 };
/** Most printers leave this much unprinted at a sheet's edges: each label is drawn inside it. */
const INSET = 14;
/** The light margin a reader needs around a QR code, in modules (the standard asks for 4: the white
 * frame around the code adds to it). */
const QUIET = 3;

const INVITATION = typography("Un problème ? Une envie ? Scannez-moi.");

/** A QR code drawn as vectors: the dark modules of each row merged into runs, as one path in module
 * units (`size` × `size`), sharp at any printing size. (As PNG pictures 8 px a module, the codes of a
 * sheet of 100 took seconds to encode and then to decode again in the library.) */
type QrPath = { size: number; d: string };

/** Each distinct address's QR code once (error correction M: a scratched label still reads). */
function qrCodes(labels: Label[]): Map<string, QrPath> {
  const codes = new Map<string, QrPath>();
  for (const { url } of labels) {
    if (codes.has(url)) continue;
    const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
    const { size, data } = modules;
    let d = "";
    for (let row = 0; row < size; row += 1) {
      for (let col = 0; col < size; col += 1) {
        if (!data[row * size + col]) continue;
        const start = col;
        while (col + 1 < size && data[row * size + col + 1]) col += 1;
        d += `M${start} ${row}h${col + 1 - start}v1h${start - col - 1}z`;
      }
    }
    codes.set(url, { size, d });
  }
  return codes;
}

/** The QR code `width` points wide with a quiet zone of `QUIET` modules around it, on white. */
function QrCode({ qr, width }: { qr: QrPath; width: number }) {
  const side = qr.size + 2 * QUIET;
  return (
    <Svg width={width} height={width} viewBox={`${-QUIET} ${-QUIET} ${side} ${side}`}>
      <Path d={qr.d} fill={C.ink} />
    </Svg>
  );
}

/** One label, as a card `width` × `height` placed at (left, top) on its page. */
function LabelCard(props: {
  label: Label;
  qr: QrPath;
  brand: string;
  left: number;
  top: number;
  width: number;
  height: number;
}) {
  const { label, qr, brand, left, top, width, height } = props;
  const qrSize = Math.min(width - 96, height * 0.4);
  return (
    <View
      style={{
        position: "absolute",
        left,
        top,
        width,
        height,
        borderRadius: 10,
        borderWidth: 0.75,
        borderColor: C.line,
        backgroundColor: C.ivory,
        overflow: "hidden",
        alignItems: "center",
      }}
    >
      <View style={{ alignItems: "center", paddingTop: 18, paddingHorizontal: 18 }}>
        {brand !== "" && (
          <Text style={{ fontFamily: "Fraunces", fontWeight: 600, fontSize: 12, letterSpacing: 0.4 }}>{brand}</Text>
        )}
        <View style={{ width: 28, height: 1.5, backgroundColor: C.brass, marginTop: 8, marginBottom: 10 }} />
        <Text
          style={{
            fontFamily: "Fraunces",
            fontWeight: 400,
            fontSize: 16,
            lineHeight: 1.2,
            textAlign: "center",
            maxWidth: width - 60,
          }}
        >
          {INVITATION}
        </Text>
      </View>
      <View style={{ flexGrow: 1, justifyContent: "center", alignItems: "center" }}>
        <View
          style={{
            padding: 4,
            backgroundColor: C.white,
            borderRadius: 8,
            borderWidth: 1,
            borderColor: C.brass,
          }}
        >
          <QrCode qr={qr} width={qrSize} />
        </View>
        <Text
          style={{
            marginTop: 10,
            fontFamily: "Inter",
            fontWeight: 600,
            fontSize: 26,
            // Spaced for the eye, well under a tenth of the size: a wider gap reads as a space in the
            // PDF's text (« BD-A AQ8 » when copied or read aloud).
            letterSpacing: 1.5,
            color: C.ink,
          }}
        >
          {label.code}
        </Text>
      </View>
      <View
        style={{
          width: "100%",
          paddingVertical: 11,
          backgroundColor: C.ink,
          alignItems: "center",
        }}
      >
        {/* Read from a step away on the machine: large enough, and white on black (not gold). */}
        <Text
          style={{
            fontSize: 9,
            fontWeight: 600,
            letterSpacing: 0.5,
            textTransform: "uppercase",
            color: C.white,
          }}
        >
          Ou appelez-nous
        </Text>
        <Text style={{ marginTop: 2, fontSize: 14, fontWeight: 600, letterSpacing: 0.6, color: C.white }}>
          {label.phone}
        </Text>
      </View>
    </View>
  );
}

/** A dashed line across the letter page, where the sheet is cut. */
function CutLine({ vertical }: { vertical: boolean }) {
  const line = vertical
    ? { left: LETTER.width / 2, top: 0, width: 0, height: LETTER.height, borderLeftWidth: 0.5 }
    : { left: 0, top: LETTER.height / 2, width: LETTER.width, height: 0, borderTopWidth: 0.5 };
  return <View style={{ position: "absolute", ...line, borderColor: C.stone, borderStyle: "dashed" }} />;
}

function A6Pages({ sheet, qr }: { sheet: LabelSheet; qr: Map<string, QrPath> }) {
  return sheet.labels.map((label, i) => (
    <Page key={i} size={[A6.width, A6.height]} style={{ fontFamily: "Inter", color: C.ink }}>
      <LabelCard
        label={label}
        qr={qr.get(label.url)!}
        brand={sheet.brand}
        left={INSET}
        top={INSET}
        width={A6.width - 2 * INSET}
        height={A6.height - 2 * INSET}
      />
    </Page>
  ));
}

function LetterPages({ sheet, qr }: { sheet: LabelSheet; qr: Map<string, QrPath> }) {
  const cell = { width: LETTER.width / 2, height: LETTER.height / 2 };
  const pages: Label[][] = [];
  for (let i = 0; i < sheet.labels.length; i += 4) pages.push(sheet.labels.slice(i, i + 4));
  return pages.map((labels, p) => (
    <Page key={p} size="LETTER" style={{ fontFamily: "Inter", color: C.ink }}>
      <CutLine vertical />
      <CutLine vertical={false} />
      {labels.map((label, i) => (
        <LabelCard
          key={i}
          label={label}
          qr={qr.get(label.url)!}
          brand={sheet.brand}
          left={(i % 2) * cell.width + INSET}
          top={Math.floor(i / 2) * cell.height + INSET}
          width={cell.width - 2 * INSET}
          height={cell.height - 2 * INSET}
        />
      ))}
    </Page>
  ));
}

/** The labels' PDF: one per A6 page, or four per letter page. */
export async function renderLabels(sheet: LabelSheet): Promise<Buffer> {
  const qr = qrCodes(sheet.labels);
  const title = sheet.labels.length === 1 ? `Étiquette ${sheet.labels[0]!.code}` : "Étiquettes des machines";
  return renderBrandPdf(
    <Document title={title} author={sheet.brand} language="fr-CA">
      {sheet.format === "a6" ? <A6Pages sheet={sheet} qr={qr} /> : <LetterPages sheet={sheet} qr={qr} />}
    </Document>,
  );
}
